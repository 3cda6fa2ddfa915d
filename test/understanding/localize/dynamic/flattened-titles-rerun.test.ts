// A failing test whose title spans two lines and holds a `#`, logged by vitest's tap-flat reporter,
// which prints the title's `#` as `\#` and its newline as a space (knitwork names its tests after
// the object literals they generate). Perception unescapes the `#`; the re-run's `-t` still selects
// no test by the flattened title, so the retry lets its spaces stand for any whitespace. The
// project's own vitest, its real log, the real sandbox.
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DynamicOutcome } from "../../../../src/understanding/localize/dynamic/dynamic-localize.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";
import { failingLog, writeProject } from "./spectrum-repos.ts";
import { locateInSandbox, vitestBin } from "./support/locate-in-sandbox.ts";
import { shoutLib } from "./support/shout-lib.ts";

// shoutLib's `exclaim` is the mutant: only the first test reaches it.

const tests = `import { expect, test } from "vitest";
import { shout, whisper } from "../src/shout.js";

test(\`shout (#7) turns
  hello into HELLO!\`, () => {
  expect(shout("hello")).toBe("HELLO!");
});

test("shout keeps a question", () => {
  expect(shout("why?")).toBe("WHY?");
});

test("whisper lowers", () => {
  expect(whisper("HI")).toBe("hi...");
});
`;

describe("a failing title vitest's TAP printed with its newline flattened and its # escaped", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  let log: string;
  let outcome: DynamicOutcome;
  beforeAll(async () => {
    scratch = makeScratchDir("flattened-titles");
    const dir = join(scratch.dir, "loud");
    const script = "vitest run --reporter=tap-flat";
    writeProject(
      dir,
      {
        "package.json": `{ "name": "loud", "type": "module", "scripts": { "test": "${script}" } }\n`,
        "src/shout.js": shoutLib,
        "test/shout.test.js": tests,
      },
      vitestBin,
    );
    log = await failingLog(dir, [join(dir, "node_modules", ".bin", "vitest"), "run", "--reporter=tap-flat"]);
    await execa("git", ["init", "-q"], { cwd: dir });
    await execa("git", ["add", "-A"], { cwd: dir });
    outcome = await locateInSandbox({ dir, log }, "npm test");
  }, 120_000);
  afterAll(() => scratch?.remove());

  it("is logged as vitest prints it: `\\#` for the #, a space for the newline", () => {
    expect(log).toContain("not ok 1 - test/shout.test.js > shout (\\#7) turns   hello into HELLO!");
  });

  it("re-runs the failing test once more with any whitespace for the title's spaces, and says so", () => {
    if (outcome.kind !== "ranked") throw new Error(outcome.reason);
    const failing = outcome.runs.filter((r) => r.expected === "fail");
    expect(failing).toHaveLength(1);
    expect(failing[0]).toMatchObject({ used: true });
    expect(failing[0]!.retried).toBe(
      "the filter selected no test by the log's titles, so they were re-run with any whitespace where a title shows a run of spaces or a printed \\n",
    );
  });

  it("ranks the branch only the failing test reached above what the passing tests ran", () => {
    if (outcome.kind !== "ranked") throw new Error(outcome.reason);
    expect(outcome.executions.filter((e) => e.failed)).toHaveLength(1);
    const signal = [...outcome.signal];
    const score = (name: string) =>
      signal.find(([id]) => id.startsWith(`src/shout.js#${name}@`))?.[1].strength ?? 0;
    expect(score("exclaim")).toBe(1);
    expect(score("whisper")).toBeLessThan(score("exclaim"));
  });
});
