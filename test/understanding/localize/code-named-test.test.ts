// hast-util-select's shape: its selector test lives in `lib/test.js`, which `lib/walk.js` imports, so
// the file is code though its name is a single-file suite's. A fault there is found from the real
// log of the package's node:test suite (hastselect-06 of the localize corpus was found nowhere).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localize, type SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";
import { failingRun } from "./failing-run.ts";

describe("a fault in code named like a single-file suite", () => {
  let repo: TestRepo;
  let ranked: SuspectLocation[];
  beforeAll(async () => {
    repo = makeRepo({
      "package.json": lines('{ "name": "hast-mini", "type": "module", "exports": "./index.js" }'),
      "index.js": lines("export {select} from './lib/walk.js'"),
      "lib/walk.js": lines(
        "import {test} from './test.js'",
        "",
        "export function select(selector, nodes) {",
        "  return nodes.filter((node) => test(selector, node))",
        "}",
      ),
      "lib/test.js": lines(
        "export function test(selector, node) {",
        "  for (const item of selector.items) {",
        "    // the fault: `===` flipped",
        "    if (item.type !== 'Attribute') {",
        "      if (node.properties[item.name] !== item.value) return false",
        "    } else if (node.tagName !== item.value) return false",
        "  }",
        "  return true",
        "}",
      ),
      "test/index.js": lines(
        "import assert from 'node:assert/strict'",
        "import test from 'node:test'",
        "import {select} from '../index.js'",
        "",
        "const dt = {type: 'element', tagName: 'dt', properties: {id: 'a'}}",
        "const dd = {type: 'element', tagName: 'dd', properties: {id: 'b'}}",
        "",
        "test('selects by tag name', () => {",
        "  assert.deepEqual(select({items: [{type: 'Tag', value: 'dt'}]}, [dt, dd]), [dt])",
        "})",
      ),
    });
    const run = await failingRun(repo.root, ["node", "test/index.js"]);
    ranked = localize({
      index: run.index,
      failures: run.failures,
      logText: run.log,
      readLines: run.readLines,
    });
  });
  afterAll(() => repo.cleanup());

  it("keeps the file as code and ranks its function among the suspects", () => {
    const files = [...new Set(ranked.map((r) => r.file))];
    expect(files.indexOf("lib/test.js")).toBeGreaterThanOrEqual(0);
    expect(files.indexOf("lib/test.js")).toBeLessThan(2);
    expect(ranked.find((r) => r.file === "lib/test.js")?.symbol).toBe("test");
  });
});
