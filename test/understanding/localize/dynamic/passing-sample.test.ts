import { describe, expect, it } from "vitest";
import { passingSample } from "../../../../src/understanding/localize/dynamic/passing-sample.ts";

// A mocha file where leaf names repeat across describe blocks, as in jshttp/negotiator's tests.
const charsetTests = `describe("negotiator.charset()", function () {
  describe("when Accept-Charset: *", function () {
    it("should return *", function () {});
  });
  describe("when Accept-Charset: UTF-8;q=0.8, ISO-8859-1", function () {
    it("should return ISO-8859-1", function () {});
  });
  describe("when no Accept-Charset", function () {
    it("should return undefined", function () {});
    it("keeps the order", function () {});
  });
});
`;

describe("the passing sample", () => {
  const sample = (failingNames: string[]) =>
    passingSample({
      testFiles: ["test/charset.js"],
      readText: () => charsetTests,
      failing: [{ name: "should return ISO-8859-1", file: "test/charset.js" }],
      failingNames,
      byFileOnly: false,
      max: 10,
    }).map((t) => t.name);

  it("leaves out a name that a failing test's full title contains, so the batch selects no failing test", () => {
    const failing = [
      "negotiator.charset() when Accept-Charset: UTF-8;q=0.8, ISO-8859-1 should return ISO-8859-1",
      "negotiator.charsets() when Accept-Charset: * should return *",
    ];
    expect(sample(failing)).toEqual(["should return undefined", "keeps the order"]);
  });

  it("keeps every other declared test", () => {
    expect(sample([])).toEqual(["should return *", "should return undefined", "keeps the order"]);
  });
});

// The shape of cachetools' tests/test_cached.py: a mixin holds test methods that pytest collects
// only under its TestCase subclasses (`Mixin::test_x` selects nothing: pytest exits 4).
const mixinTests = `import unittest


class DecoratorTestMixin:
    def test_decorator_typed(self):
        pass


class CacheWrapperTest(unittest.TestCase, DecoratorTestMixin):
    def test_zero_size(self):
        pass


class TestPlain:
    def test_plain(self):
        pass


def test_module_level():
    pass
`;

describe("the passing sample of Python tests", () => {
  it("leaves out methods of classes no runner collects and files it does not collect (__init__.py)", () => {
    const sampled = passingSample({
      testFiles: ["tests/__init__.py", "tests/test_cached.py"],
      readText: () => mixinTests,
      failing: [{ name: "test_other", file: "tests/test_cached.py" }],
      failingNames: [],
      byFileOnly: false,
      max: 10,
    });
    expect(new Set(sampled.map((t) => t.file))).toEqual(new Set(["tests/test_cached.py"]));
    expect(sampled.map((t) => [t.className, t.name])).toEqual([
      ["CacheWrapperTest", "test_zero_size"],
      ["TestPlain", "test_plain"],
      [undefined, "test_module_level"],
    ]);
  });

  // cachetools' tests/test_cachedmethod.py: a mixin method defines a helper class; the mixin's
  // next method was taken for a module-level test (`file::test_x` selects nothing: pytest exits 4).
  it("keeps a mixin's methods out after a class nested in one of them", () => {
    const nested = `class MethodDecoratorTestMixin:
    def test_slots(self):
        class Slots:
            def __init__(self):
                pass

    def test_immutable(self):
        pass


class CacheMethodTest(unittest.TestCase, MethodDecoratorTestMixin):
    def test_nospace(self):
        class Local:
            pass

    def test_after_local(self):
        pass
`;
    const sampled = passingSample({
      testFiles: ["tests/test_cachedmethod.py"],
      readText: () => nested,
      failing: [{ name: "test_other", file: "tests/test_cachedmethod.py" }],
      failingNames: [],
      byFileOnly: false,
      max: 10,
    });
    expect(sampled.map((t) => [t.className, t.name])).toEqual([
      ["CacheMethodTest", "test_nospace"],
      ["CacheMethodTest", "test_after_local"],
    ]);
  });

  // pytest's id of a nested class's method is `file::TestOuter::TestInner::test_x`; the sample named
  // `file::TestInner::test_x`, pytest exited 4 ("not found") and the whole passing batch was lost.
  it("leaves out methods of nested test classes, keeping the outer class's methods after them", () => {
    const nested = `class TestOuter:
    def test_outer(self):
        pass

    class TestInner:
        def test_inner(self):
            pass

    def test_outer_after(self):
        pass
`;
    const sampled = passingSample({
      testFiles: ["tests/test_nested.py"],
      readText: () => nested,
      failing: [{ name: "test_other", file: "tests/test_nested.py" }],
      failingNames: [],
      byFileOnly: false,
      max: 10,
    });
    expect(sampled.map((t) => [t.className, t.name])).toEqual([
      ["TestOuter", "test_outer"],
      ["TestOuter", "test_outer_after"],
    ]);
  });
});
