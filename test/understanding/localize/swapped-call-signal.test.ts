// An output-only failure (an assertion on a wrong value, no stack through the faulty call): the
// function holding a swapped-looking call that the failing test reaches comes first; one the failure
// gives no reason to suspect gets no credit.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { failingRun, unittestDiscover } from "./failing-run.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

describe("localize with a swapped call off the failing stack", () => {
  it("ranks the reached function that swapped its arguments first, and credits no unreached one", async () => {
    const root = scratchDir("xihe-swapped-call-");
    roots.push(root);
    const files: Record<string, string> = {
      "markup/__init__.py": "",
      "markup/render.py": [
        "def wrap(text, marker):",
        "    return marker + text + marker",
        "",
        "",
        "def bold(text, marker):",
        "    return wrap(marker, text)",
        "",
        "",
        "def render(words):",
        '    return " ".join(bold(w, "**") for w in words)',
        "",
      ].join("\n"),
      "markup/legacy.py": [
        "from markup.render import wrap",
        "",
        "",
        "def legacy_italic(text, marker):",
        "    return wrap(marker, text)",
        "",
      ].join("\n"),
      "tests/__init__.py": "",
      "tests/test_render.py": [
        "import unittest",
        "",
        "from markup.render import render",
        "",
        "",
        "class RenderTest(unittest.TestCase):",
        "    def test_render(self):",
        '        self.assertEqual(render(["a"]), "**a**")',
        "",
      ].join("\n"),
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const { log, failures, index, readLines } = await failingRun(root, unittestDiscover);
    const results = localize({ index, failures, logText: log, readLines });
    expect(results[0]?.symbol).toBe("bold");
    expect(results[0]?.why.join(" ")).toMatch(
      /swapped_call: passes marker as wrap's text at markup\/render\.py:6/,
    );
    const legacy = results.find((r) => r.symbol === "legacy_italic");
    expect(legacy?.why.join(" ") ?? "").not.toMatch(/swapped_call/);
  });
});
