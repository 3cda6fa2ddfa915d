import { describe, expect, it } from "vitest";
import type { CodeSymbol } from "../../../src/understanding/index/code-index.ts";
import {
  codeStem,
  guessImportTarget,
  testFileSignal,
  testedStem,
} from "../../../src/understanding/localize/test-file-signal.ts";

describe("test file -> code file by naming convention", () => {
  it.each([
    ["tests/test_keys.py", "keys"],
    ["toolz/tests/test_itertoolz.py", "itertoolz"],
    ["tests/keys_test.py", "keys"],
    ["test/charset.js", "charset"],
    ["src/parse.spec.ts", "parse"],
    ["packages/core/__tests__/Button.test.tsx", "button"],
    ["test/url/index.test.ts", "url"],
    ["test/mime-score.test.mjs", "mimescore"],
    ["test/testing_utils.py", "testingutils"],
  ])("%s tests %s", (test, stem) => {
    expect(testedStem(test)).toBe(stem);
  });

  it("gives no stem to a bare test folder's single-file suite", () => {
    expect(testedStem("test/index.js")).toBeNull();
    expect(testedStem("tests/test.py")).toBeNull();
  });

  it.each([
    ["src/cachetools/keys.py", "keys"],
    ["lib/charset.js", "charset"],
    ["src/url/index.ts", "url"],
    ["pkg/__init__.py", "pkg"],
    ["mimeScore.js", "mimescore"],
    ["packages/core/src/index.ts", "core"],
  ])("%s is named %s", (file, stem) => {
    expect(codeStem(file)).toBe(stem);
  });

  it("scores code files by their share of the failing test evidence", () => {
    const symbol = (id: string, file: string) => ({ id, file }) as CodeSymbol;
    const scores = testFileSignal(
      [symbol("a", "src/pkg/keys.py"), symbol("b", "src/pkg/func.py"), symbol("c", "src/pkg/other.py")],
      ["tests/test_keys.py", "tests/test_keys.py", "tests/test_keys.py", "tests/test_func.py"],
    );
    expect(scores.get("a")?.strength).toBe(0.75);
    expect(scores.get("b")?.strength).toBe(0.25);
    expect(scores.has("c")).toBe(false);
  });

  it("maps a test named by a code file's folder, name and feature to that file, the most specific one", () => {
    const symbol = (id: string, file: string) => ({ id, file }) as CodeSymbol;
    const candidates = [
      symbol("closing", "lib/omission/closing.js"),
      symbol("opening", "lib/omission/opening.js"),
      symbol("omission", "lib/omission/omission.js"),
      symbol("element", "lib/handle/element.js"),
    ];
    const compound = testFileSignal(candidates, ["test/omission-closing-dt.js"]);
    expect([...compound.keys()]).toEqual(["closing"]);
    expect(compound.get("closing")?.strength).toBe(1);
    // A code file with the test's whole stem is still the one it tests.
    expect([...testFileSignal(candidates, ["test/omission.js"]).keys()]).toEqual(["omission"]);
  });

  it("reads an acronym in a code file's folder as a word of its own (`HTMLParser` is `html parser`)", () => {
    const symbol = (id: string, file: string) => ({ id, file }) as CodeSymbol;
    const candidates = [
      symbol("options", "lib/HTMLParser/options.js"),
      symbol("tokens", "lib/HTMLParser/tokens.js"),
    ];
    const compound = testFileSignal(candidates, ["test/html-parser-options-defaults.js"]);
    expect([...compound.keys()]).toEqual(["options"]);
  });

  it("maps an alias or workspace import the index left unresolved to the one file of that name", () => {
    const files = [
      "packages/core/src/index.ts",
      "packages/keys/src/index.ts",
      "src/lib/url.ts",
      "src/a/util.ts",
      "src/b/util.ts",
    ];
    expect(guessImportTarget("@scope/core", files)).toBe("packages/core/src/index.ts");
    expect(guessImportTarget("@/lib/url", files)).toBe("src/lib/url.ts");
    expect(guessImportTarget("~/util", files)).toBeNull();
    expect(guessImportTarget("./core", files)).toBeNull();
    expect(guessImportTarget("lodash", files)).toBeNull();
  });
});

describe("test file -> code file when several code files share the stem", () => {
  const symbol = (id: string, file: string) => ({ id, file }) as CodeSymbol;

  it("prefers the code in the folder the test's folder mirrors", () => {
    const scores = testFileSignal(
      [symbol("fn", "functions/valid.js"), symbol("rg", "ranges/valid.js")],
      ["test/functions/valid.js"],
    );
    expect(scores.get("fn")?.strength).toBe(1);
    expect(scores.get("rg")?.strength).toBe(0.5);
  });

  it("prefers the workspace package the test lives in", () => {
    const scores = testFileSignal(
      [symbol("a", "packages/a/src/parse.ts"), symbol("b", "packages/b/src/parse.ts")],
      ["packages/b/test/parse.test.ts"],
    );
    expect(scores.get("b")?.strength).toBe(1);
    expect(scores.get("a")?.strength).toBe(0.5);
  });

  it("gives every same-named file the full share when no folder tells them apart", () => {
    const scores = testFileSignal(
      [symbol("a", "src/a/util.ts"), symbol("b", "src/b/util.ts")],
      ["test/util.test.ts"],
    );
    expect(scores.get("a")?.strength).toBe(1);
    expect(scores.get("b")?.strength).toBe(1);
  });
});

describe("test file -> a sibling module named without its folder's kind prefix", () => {
  const symbol = (id: string, file: string) => ({ id, file }) as CodeSymbol;
  const languages = [
    symbol("ce", "words/lang_CE.py"),
    symbol("ru", "words/lang_RU.py"),
    symbol("ja", "words/lang_JA.py"),
    symbol("base", "words/base.py"),
  ];

  it("maps tests/test_ce.py to words/lang_CE.py when most of the folder's files start with `lang_`", () => {
    const scores = testFileSignal(languages, ["tests/test_ce.py"]);
    expect(scores.get("ce")?.strength).toBe(1);
    expect([...scores.keys()]).toEqual(["ce"]);
  });

  it("prefers a file with the test's whole stem", () => {
    const scores = testFileSignal([...languages, symbol("own", "words/ce.py")], ["tests/test_ce.py"]);
    expect([...scores.keys()]).toEqual(["own"]);
  });

  it("takes no prefix shared by fewer than three files or by under half of the folder", () => {
    const two = testFileSignal(languages.slice(1), ["tests/test_ru.py"]);
    expect(two.size).toBe(0);
    const minority = testFileSignal(
      [...languages, ...["a", "b", "c", "d"].map((n) => symbol(n, `words/${n}_util.py`))],
      ["tests/test_ru.py"],
    );
    expect(minority.size).toBe(0);
  });
});
