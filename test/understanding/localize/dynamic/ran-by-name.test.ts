import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { buildIndex } from "../../../../src/understanding/index/build-index.ts";
import { isCallable } from "../../../../src/understanding/index/symbol-lookup.ts";
import { ranByName } from "../../../../src/understanding/localize/dynamic/ran-by-name.ts";
import {
  spectrumSignal,
  type Execution,
} from "../../../../src/understanding/localize/dynamic/spectrum-signal.ts";
import { readV8Coverage } from "../../../../src/understanding/localize/dynamic/v8-coverage-lines.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

// A plugin that adds methods to a class it is given, as colord's plugins do
// (`ColordClass.prototype.delta = function ...`): the index names them `Owner.delta`, V8 names the
// function it ran `Owner.delta` too (prototype dropped), and neither is the bare name `delta`.
const plugin = `function plugin(Owner) {
  Owner.prototype.delta = function (x) {
    return x * 2;
  };
  Owner.prototype.lighten = function (x) {
    return x + 1;
  };
}
module.exports = { plugin };
`;

let scratch: ReturnType<typeof makeScratchDir>;
afterEach(() => scratch.remove());

/** What a real Node run of `calls` records for lib/plugin.js, by function name only. */
async function namesRun(root: string, out: string, calls: string): Promise<Execution["coverage"]> {
  writeFileSync(
    join(root, "run.js"),
    `const { plugin } = require("./lib/plugin.js");\nfunction Color() {}\nplugin(Color);\n${calls}\n`,
  );
  await execa(process.execPath, ["run.js"], { cwd: root, env: { NODE_V8_COVERAGE: out } });
  const coverage = readV8Coverage(out, root, {
    readSource: (file) => readFileSync(join(root, file), "utf8"),
    symbolsOf: () => [],
  });
  // A module a runner transformed (ts-jest, babel-jest) keeps only the names V8 gives its functions:
  // its lines cannot be mapped back. Keep the names alone, as such a module's coverage has them.
  const entry = coverage.get("lib/plugin.js");
  return new Map([
    ["lib/plugin.js", { lines: new Set<number>(), functionNames: entry?.functionNames ?? new Set() }],
  ]);
}

/**
 * lib/plugin.js with `source`, one failing run of `failingCalls` and one passing run of
 * `passingCalls` (names only, as a transformed module keeps), and the spectrum over the file's
 * callables from the real index.
 */
async function pluginSpectrum(name: string, source: string, failingCalls: string, passingCalls: string) {
  scratch = makeScratchDir(name);
  const root = join(scratch.dir, "repo");
  mkdirSync(join(root, "lib"), { recursive: true });
  writeFileSync(join(root, "lib", "plugin.js"), source);
  const failing = await namesRun(root, join(scratch.dir, "cov-failing"), failingCalls);
  const passing = await namesRun(root, join(scratch.dir, "cov-passing"), passingCalls);
  const index = await buildIndex(root, { cache: null });
  const candidates = index.symbols.filter((s) => isCallable(s) && s.file === "lib/plugin.js");
  const spectrum = spectrumSignal(
    [
      { failed: true, coverage: failing },
      { failed: false, coverage: passing },
    ],
    candidates,
  );
  const ranNames = (coverage: Execution["coverage"]) => [
    ...(coverage.get("lib/plugin.js")?.functionNames ?? []),
  ];
  return { failingNames: ranNames(failing), passingNames: ranNames(passing), candidates, spectrum };
}

describe("functions a transformed module ran, known by V8's names", () => {
  it("counts a method assigned to a prototype as run under V8's inferred Owner.method name", async () => {
    const { failingNames, candidates, spectrum } = await pluginSpectrum(
      "ranbyname",
      plugin,
      "new Color().delta(2);",
      "new Color().lighten(2);",
    );
    expect(failingNames).toContain("Owner.delta");
    const delta = candidates.find((s) => s.qualifiedName === "Owner.delta");
    const lighten = candidates.find((s) => s.qualifiedName === "Owner.lighten");
    expect(delta?.name).toBe("delta");
    expect(spectrum.get(delta!.id)?.strength).toBe(1);
    expect(spectrum.has(lighten!.id)).toBe(false);
  });

  it("matches an inferred name only for a qualified symbol, not a bare name a harness shares", () => {
    const names = new Set(["Object.<anonymous>.Colord.toHex", "t.throws.message"]);
    expect(ranByName(names, "toHex", "Colord.toHex")).toBe(true);
    expect(ranByName(names, "message", "message")).toBe(false);
    expect(ranByName(names, "toHex", "Other.toHex")).toBe(false);
  });

  it("counts a CommonJS named export (exports.dot = function) as run under V8's exports.dot", async () => {
    const { failingNames, passingNames, candidates, spectrum } = await pluginSpectrum(
      "ranbyname-exports",
      `exports.dot = function (a, b) {\n  return a + "." + b;\n};\nmodule.exports.star = function (a) {\n  return a + "*";\n};\nfunction plugin() {}\nexports.plugin = plugin;\n`,
      'require("./lib/plugin.js").dot(1, 2);',
      'require("./lib/plugin.js").star(1);',
    );
    expect(failingNames).toContain("exports.dot");
    expect(passingNames).toContain("module.exports.star");
    const dot = candidates.find((s) => s.name === "dot");
    const star = candidates.find((s) => s.name === "star");
    expect(dot?.qualifiedName).toBe("dot");
    expect(spectrum.get(dot!.id)?.strength).toBe(1);
    expect(star?.qualifiedName).toBe("star");
    expect(spectrum.has(star!.id)).toBe(false);
  });

  it("counts a class constructor as run under V8's name for it, the class's", async () => {
    const { failingNames, candidates, spectrum } = await pluginSpectrum(
      "ranbyname-constructor",
      `class Ring {\n  constructor(size) {\n    this.size = size;\n  }\n  static of() {\n    return [];\n  }\n}\nfunction plugin() {}\nmodule.exports = { Ring, plugin };\n`,
      'new (require("./lib/plugin.js").Ring)(2);',
      'require("./lib/plugin.js").Ring.of();',
    );
    expect(failingNames).toContain("Ring");
    const constructor = candidates.find((s) => s.qualifiedName === "Ring.constructor");
    expect(constructor?.name).toBe("constructor");
    expect(spectrum.get(constructor!.id)?.strength).toBe(1);
    expect(ranByName(new Set(["Ring"]), "constructor", "Other.constructor")).toBe(false);
  });
});
