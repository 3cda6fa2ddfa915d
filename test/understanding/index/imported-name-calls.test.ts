import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// The shape of msgpack's test suite: an extension codec registered with `{ encode: …, decode: … }`
// callbacks, then the imported `encode`/`decode` called by name in the same file.
describe("a bare call of an imported name beside a same-named object-literal function", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "src/encode.ts": lines(
        "export function encode(value: unknown): string {",
        "  return String(value);",
        "}",
      ),
      "test/codec.test.ts": lines(
        'import { encode } from "../src/encode.ts";',
        "const codec = { register(x: object) { return x; } };",
        "codec.register({",
        "  encode: (input: unknown) => String(input),",
        "});",
        'it("encodes", () => {',
        "  encode(1);",
        "});",
      ),
      "lib/local.py": lines(
        "from lib.other import parse",
        "def parse(text):",
        "    return text",
        "def run():",
        "    return parse('x')",
      ),
      "lib/other.py": lines("def parse(text):", "    return None"),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  const target = (file: string, line: number, callee: string) => {
    const to = index.calls.find((c) => c.file === file && c.line === line && c.calleeName === callee)?.to;
    return index.symbols.find((s) => s.id === to);
  };

  it("binds the call to the import, never to the callback property", () => {
    expect(target("test/codec.test.ts", 7, "encode")).toMatchObject({
      file: "src/encode.ts",
      name: "encode",
    });
  });

  it("keeps Python's later def, which replaces the import, first", () => {
    expect(target("lib/local.py", 5, "parse")).toMatchObject({ file: "lib/local.py", name: "parse" });
  });
});
