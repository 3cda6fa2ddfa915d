import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** Writes the files, runs their unittest suite (it must fail) and localizes the real log. */
async function localizeFailingRun(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), "xihe-argument-fault-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = await execa("python3", ["-m", "unittest", "discover", "-s", "tests", "-t", "."], {
    cwd: root,
    reject: false,
    all: true,
  });
  expect(run.exitCode).not.toBe(0);
  const log = run.all ?? "";
  const { failures } = await diagnose(log, { repoRoot: root });
  const index = await buildIndex(root, { cache: null });
  return localize({
    index,
    failures,
    logText: log,
    readLines: (path) => readFileSync(join(root, path), "utf8").split("\n"),
  });
}

const testFile = (imports: string, call: string, expected: string) =>
  [
    "import unittest",
    "",
    `from render.writer import ${imports}`,
    "",
    "",
    "class RenderTest(unittest.TestCase):",
    "    def test_render(self):",
    `        self.assertEqual(${call}, ${expected})`,
    "",
  ].join("\n");

describe("localize when the innermost frame crashed on a parameter its caller passed", () => {
  it("ranks the caller that swapped the arguments above the frame that crashed on them", async () => {
    const results = await localizeFailingRun({
      "render/__init__.py": "",
      "render/writer.py": [
        "class Context:",
        "    def __init__(self):",
        "        self.cache = {}",
        "",
        "",
        "def format_table(obj, ctx):",
        "    if id(obj) in ctx.cache:",
        "        return ctx.cache[id(obj)]",
        '    text = ", ".join(f"{k} = {v}" for k, v in obj.items())',
        "    ctx.cache[id(obj)] = text",
        "    return text",
        "",
        "",
        "def render(obj):",
        "    ctx = Context()",
        "    line = format_table(ctx, obj)",
        '    return "{ " + line + " }"',
        "",
      ].join("\n"),
      "tests/__init__.py": "",
      "tests/test_render.py": testFile("render", 'render({"a": 1})', '"{ a = 1 }"'),
    });
    const rank = (name: string) => results.findIndex((r) => r.symbol === name);
    expect(rank("render")).toBe(0);
    expect(rank("format_table")).toBeGreaterThan(0);
    expect(results[0]!.why.join(" ")).toMatch(
      /passed ctx at render\/writer\.py:16, on which format_table crashed/,
    );
  });

  it("keeps the crashed frame first when it checks that parameter's type itself", async () => {
    const results = await localizeFailingRun({
      "render/__init__.py": "",
      "render/writer.py": [
        "def quote(value):",
        '    if not isinstance(value, str) and value.startswith("#"):',
        "        return repr(value)",
        "    return str(value)",
        "",
        "",
        "def render_value(value):",
        "    text = quote(value)",
        "    return text.strip()",
        "",
      ].join("\n"),
      "tests/__init__.py": "",
      "tests/test_render.py": testFile("render_value", "render_value(3)", '"3"'),
    });
    expect(results[0]?.symbol).toBe("quote");
    expect(results[0]!.why.join(" ")).toMatch(/innermost at render\/writer\.py:2/);
  });
});
