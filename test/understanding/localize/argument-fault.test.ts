import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { collectSignals, localize } from "../../../src/understanding/localize/localize.ts";
import { failingRun, unittestDiscover } from "./failing-run.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** Writes the files, runs their unittest suite (it must fail) and localizes the real log. */
async function localizeFailingRun(files: Record<string, string>) {
  const root = scratchDir("xihe-argument-fault-");
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const { log, failures, index, readLines } = await failingRun(root, unittestDiscover);
  return localize({ index, failures, logText: log, readLines });
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
        "    context = Context()",
        "    line = format_table(context, obj)",
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

// format_value dispatches on its argument's type and raises for anything else, as serializers do;
// format_pair passes the context where the value belongs (under names of its own: swapped-arguments.ts
// reads a swap of the callee's own names from the call alone).
const dispatchWriter = (guard: string) =>
  [
    "class Context:",
    "    def __init__(self, width):",
    "        self.width = width",
    "",
    "",
    "def format_value(value, ctx):",
    "    if isinstance(value, bool):",
    '        return "true" if value else "false"',
    "    if isinstance(value, (int, float)):",
    "        return str(value).rjust(ctx.width)",
    "    if isinstance(value, str):",
    "        return '\"' + value + '\"'",
    guard,
    '        f"Object of type {type(value).__name__} is not serializable"',
    "    )",
    "",
    "",
    "def format_pair(key, item, context):",
    '    return key + " = " + format_value(context, item)',
    "",
    "",
    "def render(obj):",
    "    ctx = Context(1)",
    '    return "\\n".join(format_pair(k, v, ctx) for k, v in obj.items())',
    "",
  ].join("\n");

// The render package with `guard` before the writer's final raise, and one failing test of it.
const renderPackage = (guard: string): Record<string, string> => ({
  "render/__init__.py": "",
  "render/writer.py": dispatchWriter(guard),
  "tests/__init__.py": "",
  "tests/test_render.py": testFile("render", 'render({"a": 1})', '"a = 1"'),
});

describe("localize when the innermost frame raised deliberately", () => {
  it("ranks the caller first when the raise is the function's unguarded fall-through", async () => {
    const results = await localizeFailingRun(renderPackage("    raise TypeError("));
    expect(results[0]?.symbol).toBe("format_pair");
    expect(results[0]!.why.join(" ")).toMatch(
      /passed its input at render\/writer\.py:19, on which format_value crashed/,
    );
    expect(results.findIndex((r) => r.symbol === "format_value")).toBe(1);
  });

  it("keeps the raising function first when a condition of its own guards the raise", async () => {
    const results = await localizeFailingRun(
      renderPackage("    if value is not None:\n        raise TypeError("),
    );
    expect(results[0]?.symbol).toBe("format_value");
  });
});

describe("localize when the innermost frame raised because a parameter was missing", () => {
  it("ranks the caller that passed nothing there above the function that checked it", async () => {
    const results = await localizeFailingRun({
      "render/__init__.py": "",
      "render/writer.py": [
        "def normalize(options, default_type):",
        "    if not default_type:",
        '        raise TypeError("default_type must be provided")',
        '    return (options or {}).get("type", default_type)',
        "",
        "",
        "def text(options=None):",
        '    return normalize("text/plain", options)',
        "",
      ].join("\n"),
      "tests/__init__.py": "",
      "tests/test_render.py": testFile("text", "text()", '"text/plain"'),
    });
    expect(results[0]?.symbol).toBe("text");
    expect(results[0]!.why.join(" ")).toMatch(
      /passed default_type at render\/writer\.py:8, on which normalize crashed/,
    );
    expect(results.findIndex((r) => r.symbol === "normalize")).toBe(1);
  });
});

describe("localize when many failures report the same crash on a parameter", () => {
  it("leaves the crashed frame half its strength once, not halved again per failure", async () => {
    const root = scratchDir("xihe-argument-fault-");
    roots.push(root);
    const files: Record<string, string> = {
      "render/__init__.py": "",
      "render/writer.py": [
        "def format_table(obj, ctx):",
        "    if id(obj) in ctx.cache:",
        "        return ctx.cache[id(obj)]",
        '    return ", ".join(f"{k} = {v}" for k, v in obj.items())',
        "",
        "",
        "class Context:",
        "    def __init__(self):",
        "        self.cache = {}",
        "",
        "",
        "def render(obj):",
        "    return format_table(Context(), obj)",
        "",
      ].join("\n"),
      "tests/__init__.py": "",
      "tests/test_render.py": [
        "import unittest",
        "",
        "from render.writer import render",
        "",
        "",
        "class RenderTest(unittest.TestCase):",
        ...[1, 2, 3, 4].flatMap((n) => [
          `    def test_render_${n}(self):`,
          `        self.assertEqual(render({"a": ${n}}), "a = ${n}")`,
          "",
        ]),
      ].join("\n"),
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const run = await execa("python3", ["-m", "unittest", "discover", "-s", "tests", "-t", "."], {
      cwd: root,
      reject: false,
      all: true,
    });
    const log = run.all ?? "";
    const { failures } = await diagnose(log, { repoRoot: root });
    expect(failures.length).toBe(4);
    const index = await buildIndex(root, { cache: null });
    const { signals } = collectSignals({
      index,
      failures,
      logText: log,
      readLines: (path) => readFileSync(join(root, path), "utf8").split("\n"),
    });
    const frame = (name: string) =>
      signals.get("stack_frame")?.get(index.symbols.find((s) => s.name === name)!.id)?.strength ?? 0;
    // The caller takes the crashed frame's strength, which keeps half of it: once, for all four.
    expect(frame("render")).toBeGreaterThan(0);
    expect(frame("format_table") / frame("render")).toBeCloseTo(0.5);
  });
});

describe("localize when a call on the failing stack swaps the callee's own parameter names", () => {
  // compile_patterns crashes two calls below the swapped call, on a parameter it was handed.
  const backendPackage = (call: string) => ({
    "rules/__init__.py": "",
    "rules/backend.py": [
      "def compile_patterns(patterns):",
      "    return [p.strip() for p in patterns.copy()]",
      "",
      "",
      "def make_backend(name, patterns):",
      "    compiled = compile_patterns(patterns)",
      "    return name, compiled",
      "",
      "",
      "def spec_from_lines(lines, name='simple'):",
      "    patterns = [line for line in lines if line]",
      "    size = len(patterns)",
      `    return ${call}`,
      "",
    ].join("\n"),
    "tests/__init__.py": "",
    "tests/test_rules.py": [
      "import unittest",
      "",
      "from rules.backend import spec_from_lines",
      "",
      "",
      "class SpecTest(unittest.TestCase):",
      "    def test_spec(self):",
      "        self.assertEqual(spec_from_lines(['a', 'b']), ('simple', ['a', 'b']))",
      "",
    ].join("\n"),
  });

  it("ranks the call site with the swapped names first, below the frame that crashed", async () => {
    const results = await localizeFailingRun(backendPackage("make_backend(patterns, name)"));
    expect(results[0]?.symbol).toBe("spec_from_lines");
    expect(results[0]!.why.join(" ")).toMatch(
      /passed patterns as make_backend's name \(swapped arguments\) at rules\/backend\.py:13/,
    );
    const crashed = results.find((r) => r.symbol === "compile_patterns");
    expect(crashed?.why.join(" ")).toMatch(/below a call with swapped arguments at rules\/backend\.py:13/);
  });

  it("blames only the frame one up when one argument alone is named like another parameter", async () => {
    // A tree walk's `visit(child, node)` for `visit(node, parent)`: handing a value on under another
    // parameter's name is often meant; only both ways is a swap. The crash on a parameter still
    // names compile_patterns' caller (the attribute read on its parameter).
    const results = await localizeFailingRun(backendPackage("make_backend(patterns, size)"));
    expect(results[0]?.symbol).toBe("make_backend");
    expect(results.findIndex((r) => r.symbol === "spec_from_lines")).toBeGreaterThan(0);
  });
});

describe("localize when the innermost frame calls a parameter that is no function", () => {
  it("ranks the caller that passed the value first (Python: 'X' object is not callable)", async () => {
    const results = await localizeFailingRun({
      "lint/__init__.py": "",
      "lint/checker.py": [
        "class Message:",
        "    def __init__(self, filename, node):",
        "        self.text = f'{filename}: {node}'",
        "",
        "",
        "class Checker:",
        "    def __init__(self, filename):",
        "        self.filename = filename",
        "        self.messages = []",
        "",
        "    def report(self, message_class, *args):",
        "        self.messages.append(message_class(self.filename, *args))",
        "",
        "    def visit_return(self, node):",
        "        self.report(node, Message)",
        "",
      ].join("\n"),
      "tests/__init__.py": "",
      "tests/test_checker.py": [
        "import unittest",
        "",
        "from lint.checker import Checker",
        "",
        "",
        "class CheckerTest(unittest.TestCase):",
        "    def test_return(self):",
        "        checker = Checker('a.py')",
        "        checker.visit_return('return')",
        "        self.assertEqual(len(checker.messages), 1)",
        "",
      ].join("\n"),
    });
    expect(results[0]?.symbol).toBe("Checker.visit_return");
    expect(results[0]!.why.join(" ")).toMatch(
      /passed message_class at lint\/checker\.py:15, on which report crashed/,
    );
  });
});
