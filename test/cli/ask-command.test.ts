import { afterAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { captureIo } from "./capture-io.ts";
import { createFailingJsRepo, type FailingRepo } from "../understanding/failing-repos.ts";

const made: FailingRepo[] = [];
const track = (repo: FailingRepo): FailingRepo => (made.push(repo), repo);
afterAll(() => made.forEach((repo) => repo.remove()));

describe("xihe ask without a model", () => {
  it("lists the relevant functions with numbered snippets citing path:line, exact names first", async () => {
    const repo = track(await createFailingJsRepo());
    const io = captureIo(repo.dir);
    const code = await main(["ask", "--repo", repo.dir, "how", "does", "applyDiscount", "round?"], io);
    expect(code).toBe(0);
    const text = io.out.join("");
    expect(text).toContain("No model configured");
    const firstCitation = /^(\S+):(\d+) (\S+)/m.exec(text.split("\n").slice(2).join("\n"));
    expect(firstCitation?.slice(1)).toEqual(["src/money.js", "9", "applyDiscount"]);
    expect(text).toMatch(/^ +10\| +if \(percent < 0/m);
  });

  it("answers --json with no answer and the ranked locations", async () => {
    const repo = track(await createFailingJsRepo());
    const io = captureIo(repo.dir);
    expect(await main(["ask", "--json", "-k", "2", "where is the cart total computed"], io)).toBe(0);
    const parsed = JSON.parse(io.out.join("")) as {
      answer: null;
      locations: { file: string; symbol: string }[];
    };
    expect(parsed.answer).toBeNull();
    expect(parsed.locations).toHaveLength(2);
    expect(parsed.locations[0]).toMatchObject({ file: "src/cart.js", symbol: "cartTotal" });
  });

  it("refuses an empty question with exit 2", async () => {
    const io = captureIo(process.cwd());
    expect(await main(["ask", " "], io)).toBe(2);
    expect(io.err.join("")).toContain("give a question");
  });
});
