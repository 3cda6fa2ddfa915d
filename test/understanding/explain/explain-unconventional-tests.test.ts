// vitest and jest load only `*.test.*` / `*.spec.*` files: a script beside such tests (hookable's
// `test/bench.ts`, a benchmark run by `node`) runs no test, while a helper those tests import is
// walked through, and a mocha folder of plain names keeps every file. Real git, real tree-sitter,
// packages written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const hooks = (body: string) =>
  lines(
    "export class Hooks {",
    "  hook(name: string) {",
    `    return ${body};`,
    "  }",
    "  call(name: string) {",
    "    return name;",
    "  }",
    "}",
  );

describe("test-side files the test run does not load", () => {
  it("sets aside a script among .test. files, and walks through a helper they import", async () => {
    const result = await explain(
      {
        "src/hooks.ts": hooks("name"),
        "test/bench.ts": lines(
          'import { Hooks } from "../src/hooks";',
          "const h = new Hooks();",
          'for (let i = 0; i < 1000; i++) h.hook("x");',
        ),
        "test/setup.ts": lines(
          'import { Hooks } from "../src/hooks";',
          "export function hooked() {",
          "  const h = new Hooks();",
          '  h.hook("y");',
          "  return h;",
          "}",
        ),
        "test/hooks.test.ts": lines('import { hooked } from "./setup";', 'it("hooks", () => { hooked(); });'),
        "test/call.test.ts": lines(
          'import { Hooks } from "../src/hooks";',
          'it("calls", () => { new Hooks().call("z"); });',
        ),
      },
      { "src/hooks.ts": hooks("name.trim()") },
    );
    const hook = result.symbols.find((s) => s.qualifiedName === "Hooks.hook");
    expect(testFiles(hook)).toEqual(["test/hooks.test.ts"]);
  });

  it("keeps plain-named files of a folder where most tests are plain (mocha)", async () => {
    const lib = (body: string) => lines(`exports.parse = (s) => ${body};`);
    const result = await explain(
      {
        "lib/parse.js": lib("s"),
        "test/parse.js": lines(
          'const { parse } = require("../lib/parse");',
          'it("parses", () => parse("a"));',
        ),
        "test/more.js": lines('const { parse } = require("../lib/parse");', 'it("more", () => parse("b"));'),
        "test/bash.spec.js": lines('it("runs bash", () => {});'),
      },
      { "lib/parse.js": lib("s.trim()") },
    );
    const parse = result.symbols.find((s) => s.qualifiedName === "parse");
    expect(testFiles(parse)).toEqual(["test/more.js", "test/parse.js"]);
  });
});
