// Tests reached through a test helper (a mocha `test/support/match.js` other test files require),
// not through a same-named function the index guessed (another test file's local wrapper, an
// example script a package module never imports); a visitor method found by its base class's
// `getattr(self, "visit_" + name)`, through `Visitor().visit()` inherited from that base; and a
// Python script under tests/ that pytest does not collect. Real git, real tree-sitter.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

async function explainChange(files: Record<string, string>, head: Record<string, string>) {
  const result = await explain(files, head);
  return (file: string, name: string) =>
    result.symbols.find((s) => s.file === file && s.qualifiedName === name);
}

describe("tests that reach a symbol through test helpers and inherited dispatch", () => {
  const glob = (min: string) =>
    lines(
      "'use strict';",
      "function glob(pattern) {",
      `  return pattern.length > ${min};`,
      "}",
      "module.exports = { glob };",
    );
  const globLike = {
    "package.json": '{ "name": "glob-like", "main": "index.js" }\n',
    "index.js": glob("0"),
    "test/support/match.js": lines(
      "'use strict';",
      "const { glob } = require('../..');",
      "function isMatch(pattern) {",
      "  return glob(pattern);",
      "}",
      "module.exports = isMatch;",
    ),
    "test/match.js": lines(
      "const assert = require('assert');",
      "const isMatch = require('./support/match');",
      "describe('match', () => {",
      "  it('matches', () => assert(isMatch('a')));",
      "});",
    ),
  };

  it("walks through a helper other test files require to the tests that call it", async () => {
    const symbol = await explainChange(globLike, { "index.js": glob("1") });
    expect(testFiles(symbol("index.js", "glob"))).toEqual(["test/match.js"]);
  });

  it("does not take an imported name for another test file's function of that name", async () => {
    const files = {
      ...globLike,
      // `isMatch` is not what index.js hands out; the helper's own `isMatch` is another function.
      "test/braces.js": lines(
        "const assert = require('assert');",
        "const { isMatch } = require('..');",
        "describe('braces', () => {",
        "  it('is undefined', () => assert(!isMatch));",
        "  it('throws', () => assert.throws(() => isMatch('a')));",
        "});",
      ),
    };
    const symbol = await explainChange(files, { "index.js": glob("1") });
    expect(testFiles(symbol("index.js", "glob"))).toEqual(["test/match.js"]);
  });

  it("does not take a call through the package for a same-named function of a file the package never imports", async () => {
    const files = {
      ...globLike,
      "examples/demo.js": lines(
        "const { glob } = require('..');",
        "function isMatch(pattern) {",
        "  return glob(pattern);",
        "}",
        "console.log(isMatch('a'));",
      ),
      "test/posix.js": lines(
        "const assert = require('assert');",
        "const pm = require('..');",
        "describe('posix', () => {",
        "  it('has no isMatch', () => assert.throws(() => pm.isMatch('a')));",
        "});",
      ),
    };
    const symbol = await explainChange(files, { "index.js": glob("1") });
    expect(testFiles(symbol("index.js", "glob"))).toEqual(["test/match.js"]);
  });

  const visitor = (body: string) =>
    lines(
      "from pkg.nodes import NodeVisitor",
      "",
      "",
      "class RuleVisitor(NodeVisitor):",
      "    def visit_ored(self, node):",
      `        return ${body}`,
      "",
      "",
      "class Grammar:",
      "    def __init__(self, text):",
      "        self.rules = RuleVisitor().visit(('ored', text))",
    );
  const visitorLike = {
    "pkg/__init__.py": "",
    "pkg/nodes.py": lines(
      "class NodeVisitor:",
      "    def visit(self, node):",
      "        method = getattr(self, 'visit_' + node[0], self.generic_visit)",
      "        return method(node)",
      "",
      "    def generic_visit(self, node):",
      "        return None",
    ),
    "pkg/grammar.py": visitor("node[1]"),
  };

  it("reaches a visitor method through the base class's getattr dispatch and Visitor().visit()", async () => {
    const symbol = await explainChange(
      {
        ...visitorLike,
        "tests/test_grammar.py": lines(
          "from pkg.grammar import Grammar",
          "",
          "",
          "def test_grammar():",
          "    assert Grammar('a').rules == 'a'",
        ),
      },
      { "pkg/grammar.py": visitor("node[1].strip()") },
    );
    const visitOred = symbol("pkg/grammar.py", "RuleVisitor.visit_ored");
    expect(testFiles(visitOred)).toEqual(["tests/test_grammar.py"]);
    expect(visitOred?.testsReaching[0]?.via).toEqual([
      "test_grammar",
      "Grammar",
      "Grammar.__init__",
      "NodeVisitor.visit",
      "RuleVisitor.visit_ored",
    ]);
  });

  it("says 'not found statically', not 'no test reaches it', when a base class dispatches by computed name", async () => {
    const symbol = await explainChange(
      {
        ...visitorLike,
        "tests/test_nodes.py": lines(
          "from pkg.nodes import NodeVisitor",
          "",
          "",
          "def test_generic():",
          "    assert NodeVisitor().generic_visit(('x',)) is None",
        ),
      },
      { "pkg/grammar.py": visitor("node[1].strip()") },
    );
    expect(
      symbol("pkg/grammar.py", "RuleVisitor.visit_ored")?.risks.find((r) => r.startsWith("no test")),
    ).toBe(
      "no test found statically (its class, or a class it inherits from, looks up its own members by computed name (`this[name]`, `getattr(self, name)`); run with --coverage to know)",
    );
  });

  it("takes neither Python's self[...] (__getitem__) nor a lookup with another prefix for a call of the method", async () => {
    const version = (step: string) =>
      lines(
        "class Version:",
        "    def __init__(self, parts):",
        "        self.parts = parts",
        "",
        "    def __getitem__(self, index):",
        "        return self.parts[index]",
        "",
        "    def is_compatible(self, other):",
        "        return self[:1] == other[:1]",
        "",
        "    def describe(self, kind):",
        "        return getattr(self, 'show_' + kind)()",
        "",
        "    def show_major(self):",
        "        return str(self.parts[0])",
        "",
        "    def bump(self):",
        `        return Version([self.parts[0] + ${step}])`,
      );
    const symbol = await explainChange(
      {
        "semverish/__init__.py": "",
        "semverish/version.py": version("1"),
        "tests/test_version.py": lines(
          "from semverish.version import Version",
          "",
          "",
          "def test_compatible():",
          "    assert Version([1]).is_compatible(Version([1]))",
          "",
          "",
          "def test_describe():",
          "    assert Version([1]).describe('major') == '1'",
        ),
      },
      { "semverish/version.py": version("2") },
    );
    expect(testFiles(symbol("semverish/version.py", "Version.bump"))).toEqual([]);
  });

  it("does not count a Python script under tests/ that pytest does not collect", async () => {
    const slug = (sep: string) => lines("def slug(text):", `    return text.replace(' ', '${sep}')`);
    const symbol = await explainChange(
      {
        "pkg/__init__.py": "",
        "pkg/slug.py": slug("-"),
        "tests/benchmarks.py": lines("from pkg.slug import slug", "", "print(slug('a b'))"),
        "tests/test_slug.py": lines(
          "from pkg.slug import slug",
          "",
          "",
          "def test_slug():",
          "    assert slug('a b') == 'a-b'",
        ),
      },
      { "pkg/slug.py": slug("_") },
    );
    expect(testFiles(symbol("pkg/slug.py", "slug"))).toEqual(["tests/test_slug.py"]);
  });
});
