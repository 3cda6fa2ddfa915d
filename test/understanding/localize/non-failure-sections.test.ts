import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { withoutNonFailureSections } from "../../../src/understanding/localize/non-failure-sections.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

// A library whose lexer warns on every call (pytest lists it under "warnings summary") and whose
// word count is off by one: the warning's `pkg/lexer.py:5` is not where anything failed.
const files: Record<string, string> = {
  "pkg/__init__.py": "",
  "pkg/lexer.py": `import warnings


def tokenize(text):
    warnings.warn("tokenize is deprecated", PendingDeprecationWarning)
    return text.split()
`,
  "pkg/core.py": `from pkg.lexer import tokenize


def count_words(text):
    return len(tokenize(text)) + 1


def first_word(text):
    return tokenize(text)[0]
`,
  "tests/test_core.py": `from pkg.core import count_words, first_word


def test_count_words():
    assert count_words("a b c") == 3


def test_first_word():
    assert first_word("a b") == "a"
`,
};

describe("a pytest log whose warnings summary names library code", () => {
  let root: string;
  let dir: string;
  let log: string;
  beforeAll(async () => {
    root = scratchDir("xihe-sections-");
    dir = join(root, "repo");
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const run = await execa("python3", ["-m", "pytest", "-p", "no:cacheprovider", "tests"], {
      cwd: dir,
      reject: false,
      all: true,
      env: { NO_COLOR: "1", PYTHONDONTWRITEBYTECODE: "1" },
    });
    log = run.all ?? "";
    expect(run.exitCode).toBe(1);
    expect(log).toMatch(/warnings summary[\s\S]*pkg\/lexer\.py:5: PendingDeprecationWarning/);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("takes no frame from the warning: the failing function ranks first, the warner is no frame", async () => {
    const index = await buildIndex(dir, { cache: null });
    const { failures } = await diagnose(log, { repoRoot: dir });
    const results = localize({
      index,
      failures,
      logText: log,
      readLines: (path) => readFileSync(join(dir, path), "utf8").split("\n"),
    });
    expect(results[0]).toMatchObject({ file: "pkg/core.py", symbol: "count_words" });
    const lexer = results.find((r) => r.symbol === "tokenize");
    expect(lexer?.why.some((w) => w.startsWith("stack_frame")) ?? false).toBe(false);
  });

  it("blanks the warnings summary but keeps the failure and the short summary", () => {
    const kept = withoutNonFailureSections(log);
    expect(kept.split("\n")).toHaveLength(log.split("\n").length);
    expect(kept).not.toMatch(/lexer\.py/);
    expect(kept).toMatch(/tests\/test_core\.py:5: AssertionError/);
    expect(kept).toMatch(/FAILED tests\/test_core\.py::test_count_words/);
  });
});

describe("withoutNonFailureSections on the other report kinds", () => {
  it("drops coverage tables, Node deprecation warnings and jest console blocks, keeps failures", () => {
    const log = [
      "(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.",
      "(Use `node --trace-deprecation ...` to show where the warning was created)",
      "  console.warn",
      "    old api",
      "",
      "      at warnOnce (src/legacy.js:3:11)",
      "",
      "  ● sum › adds",
      "      at Object.<anonymous> (src/sum.js:2:10)",
      "----------|---------|----------|---------|---------|-------------------",
      "File      | % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s",
      " legacy.js |     100 |      100 |     100 |     100 |",
      "---------- coverage: platform linux, python 3.11.7-final-0 -----------",
      "Name             Stmts   Miss  Cover",
      "pkg/lexer.py         4      0   100%",
      "TOTAL                4      0   100%",
      "src/after.js:9:1 still a mention",
    ].join("\n");
    const kept = withoutNonFailureSections(log);
    expect(kept).not.toMatch(/DeprecationWarning|trace-deprecation|legacy|lexer\.py|% Stmts/);
    expect(kept).toMatch(/src\/sum\.js:2:10/);
    expect(kept).toMatch(/src\/after\.js:9:1/);
  });
});
