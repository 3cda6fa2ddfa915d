import { afterEach, describe, expect, it } from "vitest";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { appendBenchRecord } from "../../src/bench/bench-results.ts";
import { benchRecordWith } from "../bench/bench-record-fixture.ts";
import { scratchDir } from "../support/scratch-dir.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function cli(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: async () => "",
    env: { LOG_LEVEL: "silent", ...env },
    cwd: dir,
    isTTY: false,
  };
  return { io, out: () => out.join(""), err: () => err.join("") };
}

describe("xihe bench: bad input", () => {
  it.each([
    [["bench"], /--tasks is required/],
    [
      ["bench", "--tasks", "pack", "--no-llm", "--concurrency", "0"],
      /--concurrency must be a whole number >= 1; got 0/,
    ],
    [
      ["bench", "--tasks", "pack", "--no-llm", "--budget", "-1"],
      /--budget must be a number of US dollars >= 0; got -1/,
    ],
    [
      ["bench", "--tasks", "pack"],
      /no model configured: set XIHE_MODEL_BASE_URL and XIHE_MODEL \(or --model\), or pass --no-llm/,
    ],
    [
      ["bench", "--tasks", "missing", "--no-llm"],
      /missing does not exist; pass a tasks\.jsonl or its folder/,
    ],
    [["bench", "make", "--repo", ".", "--count", "x"], /--count must be a whole number >= 1; got x/],
    [["bench", "make", "--repo", ".", "--count", "2"], /--repo must be a git checkout/],
  ])("%j exits 2 saying what to change", async (args, message) => {
    dir = scratchDir("xihe-bench-cli-");
    writeFileSync(join(dir, "pack"), "");
    const c = cli();
    expect(await main(args, c.io)).toBe(2);
    expect(c.err()).toMatch(message);
  });
});

describe("xihe bench compare", () => {
  it("prints two runs side by side and writes the HTML report of both", async () => {
    dir = scratchDir("xihe-bench-cli-");
    appendBenchRecord(join(dir, "gpt"), benchRecordWith({ taskId: "x", model: "gpt" }));
    appendBenchRecord(
      join(dir, "qwen"),
      benchRecordWith({
        taskId: "x",
        model: "qwen",
        outcome: "not_solved",
        solved: false,
        solvedFirstAttempt: false,
      }),
    );
    const c = cli();
    expect(await main(["bench", "compare", "gpt", "qwen", "--html", "both.html"], c.io)).toBe(0);
    expect(c.out()).toMatch(/^model\s+gpt\s+qwen$/m);
    expect(c.out()).toMatch(/^x\s+solved\s+not_solved$/m);
    expect(c.out()).toContain(`HTML report: ${join(dir, "both.html")}`);
    const empty = cli();
    expect(await main(["bench", "compare", "gpt", "nothing"], empty.io)).toBe(2);
    expect(empty.err()).toContain("nothing holds no bench results");
  });

  it("--fail-on-regression exits 1 naming each task the baseline solved and the run does not", async () => {
    dir = scratchDir("xihe-bench-cli-");
    const notSolved = { outcome: "not_solved" as const, solved: false, solvedFirstAttempt: false };
    for (const id of ["fmt", "lint", "mut"])
      appendBenchRecord(
        join(dir, "baseline"),
        benchRecordWith({ taskId: id, ...(id === "mut" ? notSolved : {}) }),
      );
    // This run: lint regressed, mut newly solved, fmt missing (the pack changed without the baseline).
    appendBenchRecord(join(dir, "now"), benchRecordWith({ taskId: "lint", ...notSolved }));
    appendBenchRecord(join(dir, "now"), benchRecordWith({ taskId: "mut" }));
    const c = cli();
    expect(await main(["bench", "compare", "baseline", "now", "--fail-on-regression"], c.io)).toBe(1);
    expect(c.err()).toBe(
      "xihe bench: now no longer solves what baseline solved: fmt (solved → missing), lint (solved → not_solved)\n",
    );
    // Without the flag the same comparison only reports; a run that solves more is no regression.
    expect(await main(["bench", "compare", "baseline", "now"], cli().io)).toBe(0);
    expect(await main(["bench", "compare", "now", "baseline", "--fail-on-regression"], cli().io)).toBe(1);
    appendBenchRecord(join(dir, "later"), benchRecordWith({ taskId: "lint" }));
    for (const id of ["fmt", "mut"]) appendBenchRecord(join(dir, "later"), benchRecordWith({ taskId: id }));
    const ok = cli();
    expect(await main(["bench", "compare", "baseline", "later", "--fail-on-regression"], ok.io)).toBe(0);
    expect(ok.err()).toBe("");
  });
});
