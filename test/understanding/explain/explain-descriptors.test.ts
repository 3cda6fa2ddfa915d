// Tests that reach code no call names: a method decorator that returns a descriptor whose
// `__get__` makes a nested `Wrapper` class, whose `__call__` runs when the decorated method is
// called; a property read through `self` in a subclass; and a same-named helper of another module
// that must not lend its callers. Real git, real tree-sitter, a small package written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

async function explainChange(files: Record<string, string>, head: Record<string, string>) {
  const result = await explain(files, head);
  return (name: string) => result.symbols.find((s) => s.qualifiedName === name);
}

const method = (keyBody: string, callBody: string) =>
  lines(
    "class _BoundBase:",
    "    def __init__(self, obj, method, store):",
    "        self._obj = obj",
    "        self._method = method",
    "        self._store = store",
    "",
    "    @property",
    "    def make_key(self):",
    `        return ${keyBody}`,
    "",
    "class _DescriptorBase:",
    "    def __get__(self, obj, objtype=None):",
    "        return self.Bound(obj)",
    "",
    "def _plain(method, store):",
    "    class Descriptor(_DescriptorBase):",
    "        class Bound(_BoundBase):",
    "            def __init__(self, obj):",
    "                super().__init__(obj, method, store)",
    "",
    "            def __call__(self, *args):",
    "                key = self.make_key(*args)",
    "                if key not in self._store:",
    `                    self._store[key] = ${callBody}`,
    "                return self._store[key]",
    "    return Descriptor()",
    "",
    "def _wrap(method, store):",
    "    return _plain(method, store)",
  );

const project = {
  "pyproject.toml": '[project]\nname = "memo"\n',
  "src/memo/__init__.py": lines(
    "def memomethod(store):",
    "    from ._method import _wrap",
    "",
    "    def decorator(method):",
    "        return _wrap(method, store)",
    "    return decorator",
    "",
    "def memofunc(store):",
    "    from ._func import _wrap",
    "",
    "    def decorator(func):",
    "        return _wrap(func, store)",
    "    return decorator",
  ),
  "src/memo/_func.py": lines(
    "def _wrap(func, store):",
    "    def wrapper(*args):",
    "        return store.setdefault(args, func(*args))",
    "    return wrapper",
  ),
  "src/memo/_method.py": method("lambda *args: args", "self._method(self._obj, *args)"),
  "tests/__init__.py": "",
  "tests/test_method.py": lines(
    "from memo import memomethod",
    "",
    "class Thing:",
    "    @memomethod({})",
    "    def double(self, x):",
    "        return 2 * x",
    "",
    "def test_double():",
    "    assert Thing().double(2) == 4",
  ),
  "tests/test_func.py": lines(
    "from memo import memofunc",
    "",
    "@memofunc({})",
    "def triple(x):",
    "    return 3 * x",
    "",
    "def test_triple():",
    "    assert triple(2) == 6",
  ),
};

describe("explain through descriptors and decorators", () => {
  it("reaches a descriptor's nested wrapper __call__ and a base-class property read through self", async () => {
    const by = await explainChange(project, {
      "src/memo/_method.py": method("lambda *args: tuple(args)", "self._method(self._obj, *args) or None"),
    });
    const call = by("_plain.Descriptor.Bound.__call__");
    expect(testFiles(call)).toEqual(["tests/test_method.py"]);
    // The decorator is applied in the test module's class body; the path goes from there through
    // the factory, the import in its scope and the nested classes to the wrapper's __call__.
    expect(call?.testsReaching[0]?.via).toEqual([
      "tests/test_method.py",
      "memomethod",
      "memomethod.decorator",
      "_wrap",
      "_plain",
      "_plain.Descriptor",
      "_plain.Descriptor.Bound",
      "_plain.Descriptor.Bound.__call__",
    ]);
    expect(call?.risks.some((r) => r.startsWith("no test"))).toBe(false);

    const key = by("_BoundBase.make_key");
    expect(key?.callers.map((c) => [c.caller, c.line])).toEqual([["_plain.Descriptor.Bound.__call__", 22]]);
    expect(testFiles(key)).toEqual(["tests/test_method.py"]);
  });
});

describe("a method name other objects are given as an attribute", () => {
  it("is not read from a receiver of unknown type: the function decorator's wrapper.make_key is its own", async () => {
    const withAttribute = {
      ...project,
      "src/memo/_func.py": lines(
        "def _wrap(func, store):",
        "    def wrapper(*args):",
        "        return store.setdefault(args, func(*args))",
        "    wrapper.make_key = tuple",
        "    return wrapper",
      ),
      "tests/test_func.py": lines(
        "from memo import memofunc",
        "",
        "@memofunc({})",
        "def triple(x):",
        "    return 3 * x",
        "",
        "def test_key():",
        "    key = triple",
        "    assert key.make_key is tuple",
      ),
    };
    const by = await explainChange(withAttribute, {
      "src/memo/_method.py": method("lambda *args: tuple(args)", "self._method(self._obj, *args)"),
    });
    const key = by("_BoundBase.make_key");
    // Only the method decorator's wrapper reads the property; `wrapper.make_key = tuple` and
    // `key.make_key` are the function decorator's attribute.
    expect(key?.references.map((r) => r.path)).toEqual([]);
    expect(key?.tests.map((r) => r.path)).toEqual([]);
    expect(testFiles(key)).toEqual(["tests/test_method.py"]);
  });
});

describe("tests reaching through a package that re-exports", () => {
  it("keeps a method call whose import names the package's __init__.py, not the defining module", async () => {
    const version = (body: string) =>
      lines(
        "def _bump(n):",
        `    return ${body}`,
        "",
        "class Version:",
        "    @classmethod",
        "    def parse(cls, text):",
        "        return _bump(int(text))",
      );
    const find = await explainChange(
      {
        "pkg/__init__.py": lines("from .version import Version", ""),
        "pkg/version.py": version("n + 1"),
        "tests/test_version.py": lines(
          "from pkg import Version",
          "",
          "def test_parse():",
          "    assert Version.parse('1') == 2",
        ),
      },
      { "pkg/version.py": version("n + 2") },
    );
    // The test reaches `_bump` through `Version.parse`; the import resolves to the package's
    // `__init__.py`, which only re-exports `Version`.
    expect(testFiles(find("_bump"))).toEqual(["tests/test_version.py"]);
  });
});
