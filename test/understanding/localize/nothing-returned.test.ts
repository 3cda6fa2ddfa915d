// A crash on a local that a project call returned as None: the callee that returned it is credited
// beside the frame that crashed; a crash on a value that came from no call credits no callee.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { failingRun, unittestDiscover } from "./failing-run.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

async function localizeFailingRun(files: Record<string, string>) {
  const root = scratchDir("xihe-nothing-returned-");
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const { log, failures, index, readLines } = await failingRun(root, unittestDiscover);
  return localize({ index, failures, logText: log, readLines });
}

const dates = (yearOf: string[]) =>
  [
    "def parse_stamp(value):",
    "    if value:",
    "        return None",
    '    return value.split("-")',
    "",
    "",
    ...yearOf,
    "",
  ].join("\n");

const testFile = [
  "import unittest",
  "",
  "from stamps.dates import year_of",
  "",
  "",
  "class DatesTest(unittest.TestCase):",
  "    def test_year(self):",
  '        self.assertEqual(year_of("2024-01"), 2024)',
  "",
].join("\n");

describe("localize when the innermost frame crashed on what a call returned", () => {
  it("credits the callee that returned None beside the frame that indexed it", async () => {
    const results = await localizeFailingRun({
      "stamps/__init__.py": "",
      "stamps/dates.py": dates([
        "def year_of(text):",
        "    parts = parse_stamp(text)",
        "    return int(parts[0])",
      ]),
      "tests/__init__.py": "",
      "tests/test_dates.py": testFile,
    });
    const callee = results.find((r) => r.symbol === "parse_stamp");
    expect(callee?.why.join(" ")).toMatch(
      /returned nothing at stamps\/dates\.py:8, on which year_of crashed/,
    );
    expect(
      results
        .slice(0, 2)
        .map((r) => r.symbol)
        .sort(),
    ).toEqual(["parse_stamp", "year_of"]);
  });

  it("credits no callee when the nearest assignment of the crashed local is no call", async () => {
    const results = await localizeFailingRun({
      "stamps/__init__.py": "",
      "stamps/dates.py": dates([
        "def year_of(text):",
        "    parts = parse_stamp(text)",
        '    parts = None if text.startswith("2") else parts',
        "    return int(parts[0])",
      ]),
      "tests/__init__.py": "",
      "tests/test_dates.py": testFile,
    });
    const why = results.flatMap((r) => r.why).join(" ");
    expect(results[0]?.symbol).toBe("year_of");
    expect(why).not.toMatch(/returned nothing/);
  });
});
