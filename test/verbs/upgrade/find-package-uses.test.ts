// The blast radius from a real code index (tree-sitter) of small JavaScript and Python projects.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { findPackageUses } from "../../../src/verbs/upgrade/find-package-uses.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

const scratch = makeScratchDir("package-uses");
afterAll(() => scratch.remove());

async function indexOf(name: string, files: Record<string, string>) {
  const root = join(scratch.dir, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return buildIndex(root, { cache: null, workers: 0 });
}

describe("findPackageUses", () => {
  it("finds CommonJS and ESM imports of a package and each symbol's call sites, changelog-named first", async () => {
    const index = await indexOf("js", {
      "index.js":
        'const greet = require("greet");\nexports.welcome = (n) => greet.hello(n) + greet.bye(n);\n',
      "src/esm.mjs":
        'import { hello as hi } from "greet";\nimport other from "greeting";\nexport const a = () => hi("x");\nexport const b = () => other.hello();\n',
      "src/sub.js": 'const fp = require("greet/fp");\nmodule.exports = () => fp();\n',
    });
    const uses = findPackageUses(index, ["greet"], "## 2.0.0\n- `hello` is renamed to `greet`.\n");
    expect(uses.imports).toEqual(["index.js:1", "src/esm.mjs:1", "src/sub.js:1"]);
    expect(uses.symbols).toEqual([
      { symbol: "hello", mentioned: true, sites: ["index.js:2", "src/esm.mjs:3"] },
      { symbol: "bye", mentioned: false, sites: ["index.js:2"] },
      { symbol: "default", mentioned: false, sites: ["src/sub.js:2"] },
    ]);
  });

  it("finds Python imports by module name", async () => {
    const index = await indexOf("py", {
      "calc.py":
        "from tinydep import double\nimport tinydep.extra as extra\n\n\ndef q(x):\n    return double(x) + extra.triple(x)\n",
    });
    const uses = findPackageUses(index, ["tinydep"], "");
    expect(uses.imports).toEqual(["calc.py:1", "calc.py:2"]);
    expect(uses.symbols).toEqual([
      { symbol: "double", mentioned: false, sites: ["calc.py:6"] },
      { symbol: "triple", mentioned: false, sites: ["calc.py:6"] },
    ]);
  });

  it("reports no imports when the package is not used", async () => {
    const index = await indexOf("none", { "a.js": "module.exports = 1;\n" });
    expect(findPackageUses(index, ["greet"], "")).toEqual({ imports: [], symbols: [] });
  });
});
