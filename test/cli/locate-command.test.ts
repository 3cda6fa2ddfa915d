import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { main } from "../../src/cli.ts";
import { captureIo } from "./capture-io.ts";
import {
  createFailingJsRepo,
  createFailingPythonRepo,
  type FailingRepo,
} from "../understanding/failing-repos.ts";

const made: FailingRepo[] = [];
const track = (repo: FailingRepo): FailingRepo => (made.push(repo), repo);
afterAll(() => made.forEach((repo) => repo.remove()));

const wire = z.object({
  results: z.array(
    z.object({
      file: z.string(),
      symbol: z.string(),
      startLine: z.number().int(),
      endLine: z.number().int(),
      score: z.number(),
      why: z.array(z.string()),
    }),
  ),
});

describe("xihe locate", () => {
  it("prints the mutated function first for a real failing node:test log (--json, -k)", async () => {
    const repo = track(await createFailingJsRepo());
    const io = captureIo(repo.dir);
    const code = await main(["locate", "--repo", repo.dir, "--log", repo.logFile, "--json", "-k", "3"], io);
    expect(code).toBe(0);
    const { results } = wire.parse(JSON.parse(io.out.join("")));
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results[0]).toMatchObject({ file: "src/cart.js", symbol: "cartTotal" });
    expect(results[0]!.startLine).toBeLessThanOrEqual(repo.expected.line);
    expect(results[0]!.endLine).toBeGreaterThanOrEqual(repo.expected.line);
  });

  it("reads the log from stdin and prints path:line with the signals for people", async () => {
    const repo = track(await createFailingPythonRepo());
    const io = captureIo(repo.dir, repo.log);
    const code = await main(["locate", "--log", "-"], io);
    expect(code).toBe(0);
    const firstLine = io.out.join("").split("\n")[0];
    expect(firstLine).toMatch(/^1\. shop\/pricing\.py:\d+-\d+ apply_discount/);
    expect(io.out.join("")).toContain("innermost at shop/pricing.py:11");
  });

  it("rejects a missing log and a bad -k with exit 2 and a message saying what to give", async () => {
    const io = captureIo(process.cwd());
    expect(await main(["locate", "--log", "no-such.log"], io)).toBe(2);
    expect(io.err.join("")).toContain("log file not found: no-such.log");
    expect(await main(["locate", "--log", "-", "-k", "0"], io)).toBe(2);
    expect(io.err.join("")).toContain("-k must be a positive integer");
  });

  it("refuses --rerank without a configured model (exit 2)", async () => {
    const repo = track(await createFailingJsRepo());
    const io = captureIo(repo.dir);
    expect(await main(["locate", "--log", repo.logFile, "--rerank"], io)).toBe(2);
    expect(io.err.join("")).toContain("--rerank needs a model");
  });
});
