import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Failure } from "../../../src/perception/failure.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { localize } from "../../../src/understanding/localize/localize.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// The shape of a CommonJS package whose API is a class: `module.exports = class MIMEType`, whose
// constructor calls a required parser and throws when it returns null; the tests construct it.
// Node.js prints the constructor's frame as `new MIMEType`.
describe("a class the failing tests construct", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/mime-type.js": lines(
        "const parse = require('./parser.js');",
        "module.exports = class MIMEType {",
        "  constructor(string) {",
        "    const result = parse(string);",
        "    if (result === null) {",
        "      throw new Error(`Could not parse MIME type string ${string}`);",
        "    }",
        "    this._type = result.type;",
        "  }",
        "  static parse(string) {",
        "    try { return new this(string); } catch { return null; }",
        "  }",
        "  get type() {",
        "    return this._type;",
        "  }",
        "};",
      ),
      "lib/parser.js": lines(
        "module.exports = input => {",
        "  const slash = input.indexOf('/');",
        "  if (slash === -1) return null;",
        "  return { type: input.slice(0, slash) };",
        "};",
      ),
      "test/api.js": lines(
        "const assert = require('node:assert');",
        "const MIMEType = require('../lib/mime-type.js');",
        "it('has the correct type', () => {",
        "  const mimeType = new MIMEType('text/html');",
        "  assert.equal(mimeType.type, 'text');",
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("indexes `module.exports = class MIMEType` as the class MIMEType with its methods", () => {
    const rows = index.symbols
      .filter((s) => s.file === "lib/mime-type.js")
      .map((s) => [s.qualifiedName, s.kind, s.exported]);
    expect(rows).toEqual([
      ["MIMEType", "class", true],
      ["MIMEType.constructor", "method", true],
      ["MIMEType.parse", "method", true],
      ["MIMEType.type", "method", true],
    ]);
  });

  it("binds `parse(string)` inside the class to the required parser, not the static method MIMEType.parse", () => {
    const call = index.calls.find(
      (c) => c.file === "lib/mime-type.js" && c.line === 4 && c.calleeName === "parse",
    );
    expect(call?.to).toMatch(/^lib\/parser\.js#default@/);
  });

  it("takes a `new MIMEType` frame for the constructor, the innermost frame, not a nested closure", () => {
    const failure: Failure = {
      tool: "node:test",
      kind: "test",
      file: "lib/mime-type.js",
      line: 8,
      column: 24,
      test: "has the correct type",
      message: "TypeError: Cannot read properties of null (reading 'type')",
      rule: null,
      frames: [
        { file: "lib/mime-type.js", line: 8, function: "new MIMEType", external: false },
        { file: "test/api.js", line: 4, function: "TestContext.<anonymous>", external: false },
      ],
    };
    const results = localize({
      index,
      failures: [failure],
      logText:
        "not ok 1 - has the correct type\n  TypeError: Cannot read properties of null (reading 'type')",
      readLines: (path) => readFileSync(join(repo.root, path), "utf8").split("\n"),
    });
    const constructor = results.find((r) => r.symbol === "MIMEType.constructor");
    expect(constructor?.why[0]).toBe("stack_frame: innermost at lib/mime-type.js:8");
  });
});
