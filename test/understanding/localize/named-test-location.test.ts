import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { failingRun } from "./failing-run.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function writeProject(files: Record<string, string>): string {
  const root = scratchDir("xihe-named-test-");
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // The project's own vitest runs the fixture's tests (the index leaves node_modules out).
  symlinkSync(resolve("node_modules"), join(root, "node_modules"));
  return root;
}

const vitestTap = ["node", resolve("node_modules/vitest/vitest.mjs"), "run", "--reporter=tap-flat"] as const;

describe("localize a failure that vitest names by file and title only", () => {
  it("finds the failing test by its name when the crash report holds no line of it", async () => {
    const root = writeProject({
      "vitest.config.mjs": 'export default { test: { include: ["test/**/*.ts"] } };\n',
      "src/querying.ts": [
        "export interface Adapter {",
        "  getParent(node: object): object | null;",
        "}",
        "",
        "export function getElementParent(node: object, adapter: Adapter): object | null {",
        "  return adapter.getParent(node);",
        "}",
        "",
      ].join("\n"),
      "src/chain.ts": [
        'import { type Adapter, getElementParent } from "./querying.ts";',
        "",
        "export function parentChain(node: object, adapter: Adapter): object[] {",
        "  const chain: object[] = [];",
        "  let current: object | null = node;",
        "  while (current) {",
        "    chain.push(current);",
        "    current = getElementParent(adapter as unknown as object, current as unknown as Adapter);",
        "  }",
        "  return chain;",
        "}",
        "",
      ].join("\n"),
      "src/index.ts": [
        'import type { Adapter } from "./querying.ts";',
        'import { parentChain } from "./chain.ts";',
        "",
        "export function depth(node: object, adapter: Adapter): number {",
        "  return parentChain(node, adapter).length;",
        "}",
        "",
      ].join("\n"),
      "test/api.ts": [
        'import { describe, expect, it } from "vitest";',
        'import { depth } from "../src/index.ts";',
        "",
        "const adapter = { getParent: (node: object) => (node as { parent?: object }).parent ?? null };",
        "",
        'describe("API", () => {',
        '  describe("depth", () => {',
        '    it("counts the root", () => {',
        "      expect(depth({}, adapter)).toBe(1);",
        "    });",
        "  });",
        "});",
        "",
      ].join("\n"),
    });
    const { log, failures, index, readLines } = await failingRun(root, vitestTap);
    // TAP gives the crash's innermost frame only: no line of test/api.ts is in the log.
    expect(log).toContain("test/api.ts > API > depth > counts the root");
    expect(log).not.toMatch(/test\/api\.ts:\d/);
    const results = localize({ index, failures, logText: log, readLines });
    const depth = results.find((r) => r.symbol === "depth");
    expect(depth?.why.join("\n")).toContain("called by the failing test at test/api.ts:9");
    // What the test reaches through depth: parentChain is reached, so it is a suspect.
    const chain = results.find((r) => r.symbol === "parentChain");
    expect(chain?.why.join("\n")).toContain("reached by 1 of 1 failing tests");
  });

  it("finds a failing case of it.each by its title with the placeholders filled in", async () => {
    await expectFailingEncodeTest(
      [
        '  it.each(cases)("decodes $text", ({ input, text }) => expect(decodeText(text)).toBe(input));',
        '  it.each(cases)("encodes $input", ({ input, text }) => expect(encodeText(input)).toBe(text));',
      ],
      // vitest 5 fills `$input` in with the string as it is (vitest 4 quoted it: `'a&b'`).
      { reported: "test/codec.ts > codec > encodes a&b", line: 8 },
    );
  });

  it("finds a failing test titled by a template in a loop, by the template's text", async () => {
    await expectFailingEncodeTest(
      [
        "  for (const c of cases) {",
        "    it(`decodes ${c.text}`, () => expect(decodeText(c.text)).toBe(c.input));",
        "    it(`encodes ${c.input}`, () => expect(encodeText(c.input)).toBe(c.text));",
        "  }",
      ],
      { reported: "test/codec.ts > codec > encodes a&b", line: 9 },
    );
  });
});

// encodeText throws on `&` (no entity for it), so its test fails; decodeText's passes.
const codecSource = [
  'const entities: Record<string, string> = { "<": "&lt;" };',
  "",
  "export function encodeText(input: string): string {",
  "  return input.replace(/[&<]/g, (c) => (entities[c] as string).toString());",
  "}",
  "",
  "export function decodeText(input: string): string {",
  '  return input.replace(/&lt;/g, "<").replace(/&amp;/g, "&");',
  "}",
  "",
].join("\n");

/**
 * The `codec` describe holding `blocks` fails its encode test, which vitest names `reported` with no
 * line of the test file: localize finds the block at `line` by that name, and only its calls.
 */
async function expectFailingEncodeTest(blocks: string[], failing: { reported: string; line: number }) {
  const root = writeProject({
    "vitest.config.mjs": 'export default { test: { include: ["test/**/*.ts"] } };\n',
    "src/codec.ts": codecSource,
    "test/codec.ts": [
      'import { describe, expect, it } from "vitest";',
      'import { decodeText, encodeText } from "../src/codec.ts";',
      "",
      'const cases = [{ input: "a&b", text: "a&amp;b" }];',
      "",
      'describe("codec", () => {',
      ...blocks,
      "});",
      "",
    ].join("\n"),
  });
  const { log, failures, index, readLines } = await failingRun(root, vitestTap);
  expect(log).toContain(failing.reported);
  expect(log).not.toMatch(/test\/codec\.ts:\d/);
  const results = localize({ index, failures, logText: log, readLines });
  const encode = results.find((r) => r.symbol === "encodeText");
  expect(encode?.why.join("\n")).toContain(`called by the failing test at test/codec.ts:${failing.line}`);
  // The passing case's function is called in the same describe, not by the failing test.
  const decode = results.find((r) => r.symbol === "decodeText");
  expect(decode?.why.join("\n") ?? "").not.toContain("called by the failing test");
}
