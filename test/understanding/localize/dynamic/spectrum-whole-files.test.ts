import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import { isCallable } from "../../../../src/understanding/index/symbol-lookup.ts";
import {
  executionsFromJson,
  executionsToJson,
} from "../../../../src/understanding/localize/dynamic/executions-json.ts";
import {
  spectrumGranularity,
  spectrumSignal,
  type Execution,
} from "../../../../src/understanding/localize/dynamic/spectrum-signal.ts";
import { readV8Coverage } from "../../../../src/understanding/localize/dynamic/v8-coverage-lines.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

// object-inspect's shape in small: a dispatcher with a branch per kind of value, and predicates it
// asks for every value. The mutant makes `isList` answer false for everything (`if (true)`), so the
// list check of the failing file fails; that file's passing date check covers the dispatcher's date
// branch, which the passing file never reaches.
const lib = `function isList(x) {
  if (true) return false;
  return Array.isArray(x);
}
function isDate(x) {
  return x instanceof Date;
}
const day = (d) => d.toISOString().slice(0, 10);
function show(x) {
  if (isList(x)) {
    return "[" + x.map(show).join(", ") + "]";
  }
  if (isDate(x)) {
    return "date " + day(x);
  }
  if (typeof x === "string") {
    return JSON.stringify(x);
  }
  return String(x);
}
module.exports = { show, isList, isDate };
`;

// Test files as a file-level runner (tape) runs them: each file is one process, its checks together.
const failingFile = `const { show } = require("../lib/show.js");
const checks = [show([1, 2]) === "[1, 2]", show(new Date(0)) === "date 1970-01-01"];
console.log(checks.map((ok) => (ok ? "ok" : "not ok")).join("\\n"));
`;
const passingFile = `const { show } = require("../lib/show.js");
const checks = [show("a") === '"a"', show(1) === "1"];
console.log(checks.map((ok) => (ok ? "ok" : "not ok")).join("\\n"));
`;

let scratch: ReturnType<typeof makeScratchDir>;
afterEach(() => scratch.remove());

/** What a real Node run of one test file recorded, per repository file. */
async function fileRun(root: string, out: string, file: string): Promise<Execution["coverage"]> {
  await execa(process.execPath, [file], { cwd: root, env: { NODE_V8_COVERAGE: out } });
  return readV8Coverage(out, root, {
    readSource: (f) => readFileSync(join(root, f), "utf8"),
    symbolsOf: () => [],
  });
}

describe("the spectrum of whole test files run as one batch", () => {
  it("scores each function once, so the dispatcher's branch the failing file also covers does not outrank the predicate", async () => {
    scratch = makeScratchDir("wholefiles");
    const root = join(scratch.dir, "repo");
    mkdirSync(join(root, "lib"), { recursive: true });
    mkdirSync(join(root, "test"), { recursive: true });
    writeFileSync(join(root, "lib", "show.js"), lib);
    writeFileSync(join(root, "test", "values.js"), failingFile);
    writeFileSync(join(root, "test", "strings.js"), passingFile);
    const failing = await fileRun(root, join(scratch.dir, "cov-f"), "test/values.js");
    const passing = await fileRun(root, join(scratch.dir, "cov-p"), "test/strings.js");

    const index = await buildIndex(root, { cache: null });
    const candidates = index.symbols.filter((s) => isCallable(s) && s.file === "lib/show.js");
    const id = (name: string) => candidates.find((s) => s.name === name)!.id;
    const batches: Execution[] = [
      { failed: true, coverage: failing, wholeFiles: true },
      { failed: false, coverage: passing, wholeFiles: true },
    ];
    expect(spectrumGranularity(batches)).toBe("function");
    const spectrum = spectrumSignal(batches, candidates);
    const strength = (name: string) => spectrum.get(id(name))?.strength ?? 0;
    // Both ran in the failing and the passing file: neither is more suspicious than the other.
    expect(strength("isList")).toBe(strength("show"));
    expect(strength("isList")).toBeLessThan(1);
    expect(spectrum.get(id("show"))?.detail).toMatch(/per function: the failing tests ran as whole files/);
    // A one-line function's line runs when the module loads, in every file: V8's name says who called it.
    expect(strength("day")).toBe(1);

    // The same runs as single tests (a per-test hook): the date line only the failing test ran counts.
    const single = batches.map(({ failed, coverage }) => ({ failed, coverage }));
    expect(spectrumGranularity(single)).toBe("line");
    const byLine = spectrumSignal(single, candidates);
    expect(byLine.get(id("show"))?.strength).toBe(1);
    expect(byLine.get(id("isList"))?.strength).toBeLessThan(1);

    // Saved coverage (`--save-coverage`) keeps the mark, so a re-rank scores the same way.
    expect(spectrumSignal(executionsFromJson(executionsToJson(batches)), candidates)).toEqual(spectrum);
  });

  it("scores by line when any failing execution is a single test's", () => {
    const cover = new Map([["lib/a.js", { lines: new Set([2]), functionNames: new Set<string>() }]]);
    expect(
      spectrumGranularity([
        { failed: true, coverage: cover, wholeFiles: true },
        { failed: true, coverage: cover },
      ]),
    ).toBe("line");
    expect(spectrumGranularity([{ failed: false, coverage: cover, wholeFiles: true }])).toBe("line");
  });

  it("saves whether each execution ran whole files, so a file saved before the mark is told apart", () => {
    const cover = new Map([["lib/a.js", { lines: new Set([2]), functionNames: new Set<string>() }]]);
    const saved = executionsFromJson(
      executionsToJson([
        { failed: true, coverage: cover, tests: 1 },
        { failed: true, coverage: cover, wholeFiles: true },
      ]),
    );
    expect(saved.map((e) => e.wholeFiles)).toEqual([false, true]);
    const older = JSON.stringify({ executions: [{ failed: true, tests: 1, files: {} }] });
    expect(executionsFromJson(older)[0]?.wholeFiles).toBeUndefined();
  });
});
