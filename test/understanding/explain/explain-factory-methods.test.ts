// A method called on what an alternate constructor returns (`Version.parse(text).bump()`): the index
// leaves a call on a call's result unresolved; the factory's signature says which class it makes.
// Real git, real tree-sitter, a small package written here.
import { describe, expect, it } from "vitest";
import type { CodeSymbol } from "../../../src/understanding/index/code-index.ts";
import { factoryReceiver, returnsOwnInstance } from "../../../src/understanding/explain/factory-methods.ts";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const version = (step: string, parse: string) =>
  lines(
    "from typing import Type, TypeVar",
    "",
    'T = TypeVar("T", bound="Version")',
    "",
    "class Version:",
    "    def __init__(self, n):",
    "        self.n = n",
    "",
    "    @classmethod",
    `    ${parse}`,
    "        return cls(int(text))",
    "",
    "    def _step(self):",
    `        return ${step}`,
    "",
    "    def bump(self):",
    "        return Version(self._step())",
  );

const project = (parse: string) => ({
  "pkg/__init__.py": "",
  "pkg/version.py": version("self.n + 1", parse),
  "pkg/helpers.py": lines(
    "from .version import Version",
    "",
    "def bump_text(text):",
    "    return Version.parse(text).bump().n",
  ),
  "tests/test_helpers.py": lines(
    "from pkg.helpers import bump_text",
    "",
    "def test_bump_text():",
    '    assert bump_text("1") == 2',
  ),
});

describe("methods on what a factory returns", () => {
  it("a classmethod returning its class's instance: Version.parse(text).bump() calls Version.bump", async () => {
    const parse = "def parse(cls: Type[T], text: str) -> T:";
    const result = await explain(project(parse), { "pkg/version.py": version("self.n + 2", parse) });
    const step = result.symbols.find((s) => s.qualifiedName === "Version._step");
    // _step <- self._step() in bump <- Version.parse(text).bump() in bump_text <- the test.
    expect(testFiles(step)).toEqual(["tests/test_helpers.py"]);
    expect(step?.testsReaching[0]?.via).toEqual([
      "test_bump_text",
      "bump_text",
      "Version.bump",
      "Version._step",
    ]);
  });

  it("a factory with no return annotation is not guessed at", async () => {
    const parse = "def parse(cls, text):";
    const result = await explain(project(parse), { "pkg/version.py": version("self.n + 2", parse) });
    const step = result.symbols.find((s) => s.qualifiedName === "Version._step");
    expect(testFiles(step)).toEqual([]);
  });

  it("reads the return annotation and the receiver's text", () => {
    const owner = { name: "Version" } as CodeSymbol;
    const returns = (signature: string) => returnsOwnInstance({ signature } as CodeSymbol, owner);
    expect(returns("def parse(cls: Type[T], version: String, strict: bool = False) -> T:")).toBe(true);
    expect(returns('def parse(cls, text) -> "Version":')).toBe(true);
    expect(returns("def parse(cls, text) -> Self:")).toBe(true);
    expect(returns("def parse(cls, text) -> int:")).toBe(false);
    expect(returns("def parse(self, text) -> Version:")).toBe(false);
    expect(returns("static from(text: string): Version")).toBe(true);
    expect(returns("static from(text: string): string")).toBe(false);
    expect(factoryReceiver("Version.parse(v)")).toEqual({ owner: "Version", factory: "parse" });
    expect(factoryReceiver("Version.parse(f(a), b)")).toEqual({ owner: "Version", factory: "parse" });
    expect(factoryReceiver("Version.parse(a).other(b)")).toBe(null);
    expect(factoryReceiver("version")).toBe(null);
  });
});
