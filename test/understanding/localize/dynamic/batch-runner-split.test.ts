import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import {
  dynamicLocalize,
  type DynamicOutcome,
} from "../../../../src/understanding/localize/dynamic/dynamic-localize.ts";
import { createBwrapSandbox } from "../../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

const support = detectSandboxSupport(randomUUID());

// `double` is the fault. `negate` runs only in the failing file, beside the failing test: run as one
// batch (ava runs a file's tests in one process, at the same time), that file's run ties them at the
// top spectrum score. test/b.js is another file, sampled as passing.
const lib = `export function double(n) {
  return n * 3;
}

export function negate(n) {
  return -n;
}

export function increment(n) {
  return n + 1;
}
`;

const avaCommand = "npx ava";
const failingFile = `import test from "ava";
import { double, negate } from "../lib.js";
test("doubles", (t) => { t.is(double(2), 4); });
test("negates", (t) => { t.is(negate(2), -2); });
test("negates twice", (t) => { t.is(negate(negate(2)), 2); });
`;
const passingFile = `import test from "ava";
import { increment } from "../lib.js";
test("increments", (t) => { t.is(increment(2), 3); });
`;

describe.skipIf(support.bwrap === null)("a failing ava file split into its failing and passing tests", () => {
  const scratch = makeScratchDir("splitava");
  const root = join(scratch.dir, "repo");
  let outcome: DynamicOutcome;
  let ids: Map<string, string>;
  beforeAll(async () => {
    mkdirSync(join(root, "test"), { recursive: true });
    writeFileSync(join(root, "package.json"), `{ "name": "p", "version": "1.0.0", "type": "module" }\n`);
    writeFileSync(join(root, "lib.js"), lib);
    writeFileSync(join(root, "test", "a.js"), failingFile);
    writeFileSync(join(root, "test", "b.js"), passingFile);
    // More passing files than the four a name-selecting runner samples: a file-level runner's
    // passing side is every other entry file.
    for (const name of ["c", "d", "e", "f"]) writeFileSync(join(root, "test", `${name}.js`), passingFile);
    await execa("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "ava@5"], {
      cwd: root,
    });
    // The failing log: the runner's own output on the checkout.
    const [program, ...args] = avaCommand.split(" ");
    const ran = await execa(program!, args, { cwd: root, reject: false, all: true, shell: true });
    const log = ran.all ?? "";
    const index = await buildIndex(root, { cache: null });
    ids = new Map(index.symbols.filter((s) => s.file === "lib.js").map((s) => [s.name, s.id]));
    const { failures } = await diagnose(log, { repoRoot: root });
    outcome = await dynamicLocalize({
      sandbox: createBwrapSandbox({ root, support, newId: randomUUID, now: Date.now }),
      index,
      failures,
      logText: log,
      command: avaCommand,
      budgetMs: 90_000,
      now: Date.now,
      newHexId: () => randomBytes(6).toString("hex"),
      readText: (file) => readFileSync(join(root, file), "utf8"),
    });
  }, 240_000);
  afterAll(() => scratch.remove());

  it("samples every other test file as passing, not four", () => {
    const sampled = outcome.runs.find((r) => r.expected === "pass" && r.argv.includes("test/b.js"));
    expect(sampled).toMatchObject({ tests: 5, used: true });
    expect(sampled!.argv.slice(-5)).toEqual([
      "test/b.js",
      "test/c.js",
      "test/d.js",
      "test/e.js",
      "test/f.js",
    ]);
  });

  it("scores the fault above what only the failing file's passing tests ran", () => {
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ kind: "ranked" });
    if (outcome.kind !== "ranked") return;
    const score = (name: string) =>
      outcome.kind === "ranked" ? (outcome.signal.get(ids.get(name)!)?.strength ?? 0) : 0;
    expect(score("double")).toBeGreaterThan(0);
    expect(score("negate")).toBeLessThan(score("double"));
    // The passing test of the failing file counted as passing.
    expect(
      outcome.executions.some((e) => !e.failed && [...(e.coverage.get("lib.js")?.lines ?? [])].includes(6)),
    ).toBe(true);
  });
});
