// Tests reached through what a module hands out rather than a call of the symbol's own name: a
// package root whose `module.exports = { parse: parse }` passes on another file's anonymous
// `module.exports = function`, with a module-local helper under it and an inner function of the
// same name as the export key; a method of a class made in place (`new Serializer().serialize()`);
// and a method a class may call by computed name (`this["$" + type]`), reached through the method
// that looks it up. Real git, real tree-sitter, small projects written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

async function explainChange(files: Record<string, string>, head: Record<string, string>) {
  const result = await explain(files, head);
  return (file: string, name: string) =>
    result.symbols.find((s) => s.file === file && s.qualifiedName === name);
}

describe("tests that reach a symbol through what modules hand out", () => {
  const parse = (limit: string) =>
    lines(
      "'use strict';",
      "function splitPairs(str) {",
      `  return str.split('&').slice(0, ${limit});`,
      "}",
      "module.exports = function (str) {",
      "  return splitPairs(str);",
      "};",
    );
  const stringify = (sep: string) =>
    lines(
      "'use strict';",
      "function stringify(obj, prefix) {",
      `  return Object.keys(obj).map(function (k) { return prefix + k; }).join('${sep}');`,
      "}",
      "module.exports = function (obj) {",
      `  return stringify(obj, '') + '${sep}';`,
      "};",
    );
  const qsLike = {
    "package.json": '{ "name": "querystring-like", "main": "lib/index.js" }\n',
    "lib/parse.js": parse("10"),
    "lib/stringify.js": stringify("&"),
    "lib/index.js": lines(
      "'use strict';",
      "var parse = require('./parse');",
      "var stringify = require('./stringify');",
      "module.exports = { parse: parse, stringify: stringify };",
    ),
    "test/parse.js": lines(
      "var test = require('tape');",
      "var qs = require('../');",
      "test('parse()', function (t) {",
      "  t.deepEqual(qs.parse('a=b'), ['a=b']);",
      "  t.end();",
      "});",
    ),
    "test/stringify.js": lines(
      "var test = require('tape');",
      "var qs = require('../');",
      "test('stringify()', function (t) {",
      "  t.equal(qs.stringify({ a: 1 }), 'a&');",
      "  t.end();",
      "});",
    ),
  };

  it("follows qs.parse() through the root's module.exports object to an anonymous module.exports function and its helper", async () => {
    const symbol = await explainChange(qsLike, { "lib/parse.js": parse("20") });
    const helper = symbol("lib/parse.js", "splitPairs");
    expect(testFiles(helper)).toEqual(["test/parse.js"]);
    expect(helper?.testsReaching[0]?.via).toEqual(["parse()", "default", "splitPairs"]);
    expect(helper?.risks.some((r) => r.startsWith("no test"))).toBe(false);
  });

  it("reaches the anonymous export, not only the inner function named like the export key", async () => {
    const symbol = await explainChange(qsLike, { "lib/stringify.js": stringify(";") });
    expect(testFiles(symbol("lib/stringify.js", "default"))).toEqual(["test/stringify.js"]);
    expect(testFiles(symbol("lib/stringify.js", "stringify"))).toEqual(["test/stringify.js"]);
  });

  const serializer = (quote: string) =>
    lines(
      "export function serialize(input: unknown): string {",
      "  return new Serializer().serialize(input);",
      "}",
      "class Serializer {",
      "  serialize(value: unknown): string {",
      "    if (value instanceof Map) return this.dispatch('Map', value);",
      "    return this.quote(String(value));",
      "  }",
      "  quote(text: string): string {",
      `    return \`${quote}\${text}${quote}\`;`,
      "  }",
      "  dispatch(type: string, value: unknown): string {",
      "    const handler = this['$' + type];",
      "    return handler.call(this, value);",
      "  }",
      "  $Map(map: Map<unknown, unknown>): string {",
      `    return \`Map${quote}\${map.size}${quote}\`;`,
      "  }",
      "}",
    );
  const ohashLike = {
    "package.json": '{ "name": "hash-like", "type": "module" }\n',
    "src/serialize.ts": serializer("'"),
    "src/index.ts": lines('export { serialize } from "./serialize";'),
    "test/serialize.test.ts": lines(
      'import { describe, expect, it } from "vitest";',
      'import { serialize } from "../src";',
      'describe("serialize", () => {',
      '  it("string", () => {',
      '    expect(serialize("a")).toBe("\'a\'");',
      "  });",
      "});",
    ),
  };

  it("follows new Serializer().serialize() to the method of the class made there", async () => {
    const symbol = await explainChange(ohashLike, { "src/serialize.ts": serializer('"') });
    const quote = symbol("src/serialize.ts", "Serializer.quote");
    expect(testFiles(quote)).toEqual(["test/serialize.test.ts"]);
    expect(quote?.testsReaching[0]?.via).toEqual([
      "serialize.string",
      "serialize",
      "Serializer.serialize",
      "Serializer.quote",
    ]);
  });

  it("reaches a method its class may call by computed name through the method that looks it up", async () => {
    const symbol = await explainChange(ohashLike, { "src/serialize.ts": serializer('"') });
    const map = symbol("src/serialize.ts", "Serializer.$Map");
    expect(testFiles(map)).toEqual(["test/serialize.test.ts"]);
    expect(map?.testsReaching[0]?.via).toEqual([
      "serialize.string",
      "serialize",
      "Serializer.serialize",
      "Serializer.dispatch",
      "Serializer.$Map",
    ]);
  });

  it("says 'not found statically' when a test imports project code through a path the index cannot map (a build output, the package's own name)", async () => {
    const files = {
      "package.json": '{ "name": "trim-like", "type": "module" }\n',
      "src/trim.ts": lines("export function trim(s: string): string {", "  return s.trim();", "}"),
      "test/trim.test.ts": lines(
        'import { expect, it } from "vitest";',
        'import * as lib from "../dist/index.mjs";',
        'it("trims", () => expect(lib.trim(" a ")).toBe("a"));',
      ),
    };
    const symbol = await explainChange(files, {
      "src/trim.ts": lines(
        "export function trim(s: string): string {",
        "  return s.trimStart().trimEnd();",
        "}",
      ),
    });
    expect(symbol("src/trim.ts", "trim")?.risks.find((r) => r.startsWith("no test"))).toBe(
      "no test found statically (a test file imports project code the static walk could not resolve; run with --coverage to know)",
    );
  });

  it("does not count a type test (*.test-d.ts, only type-checked) or a benchmark (*.bench.ts) as a test that reaches", async () => {
    const trim = (body: string) =>
      lines("export function trim(s: string): string {", `  return ${body};`, "}");
    const files = {
      "package.json": '{ "name": "trim-like", "type": "module" }\n',
      "src/trim.ts": trim("s.trim()"),
      "test/trim.test.ts": lines(
        'import { expect, it } from "vitest";',
        'import { trim } from "../src/trim";',
        'it("trims", () => expect(trim(" a ")).toBe("a"));',
      ),
      "test/trim.bench.ts": lines(
        'import { bench } from "vitest";',
        'import { trim } from "../src/trim";',
        'bench("trim", () => { trim(" a "); });',
      ),
      "test/trim.test-d.ts": lines(
        'import { expectTypeOf, test } from "vitest";',
        'import { trim } from "../src/trim";',
        'test("types", () => expectTypeOf(trim(" a ")).toEqualTypeOf<string>());',
      ),
    };
    const symbol = await explainChange(files, { "src/trim.ts": trim("s.trimStart().trimEnd()") });
    expect(testFiles(symbol("src/trim.ts", "trim"))).toEqual(["test/trim.test.ts"]);
  });

  it("follows Python's Cache().get() to the method of the class made there", async () => {
    const cache = (default_: string) =>
      lines(
        "class Cache:",
        "    def get(self, key):",
        "        return self.lookup(key)",
        "",
        "    def lookup(self, key):",
        `        return ${default_}`,
        "",
        "",
        "def cached(key):",
        "    return Cache().get(key)",
      );
    const symbol = await explainChange(
      {
        "pkg/__init__.py": "",
        "pkg/cache.py": cache("None"),
        "tests/test_cache.py": lines(
          "from pkg.cache import cached",
          "",
          "",
          "def test_cached():",
          '    assert cached("a") is None',
        ),
      },
      { "pkg/cache.py": cache("0") },
    );
    const lookup = symbol("pkg/cache.py", "Cache.lookup");
    expect(testFiles(lookup)).toEqual(["tests/test_cache.py"]);
    expect(lookup?.testsReaching[0]?.via).toEqual(["test_cached", "cached", "Cache.get", "Cache.lookup"]);
  });
});
