import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// pyasn1's shape: the codec module makes one instance (`encode = Encoder()`) and its users call the
// instance; jsdiff's: a module exports an instance (`export const lineDiff = new Differ()`) whose
// methods other modules call. Two classes share the method names, so only the instance's class decides.
describe("calls of a module-level instance", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "codec/__init__.py": "",
      "codec/encoder.py": lines(
        "class Encoder:",
        "    def __call__(self, value):",
        "        return str(value)",
        "",
        "class Decoder:",
        "    def __call__(self, text):",
        "        return int(text)",
        "",
        "encode = Encoder()",
        "",
      ),
      "tests/test_encoder.py": lines(
        "from codec import encoder",
        "from codec.encoder import encode",
        "",
        "def test_encode():",
        "    assert encoder.encode(1) == '1'",
        "    assert encode(2) == '2'",
        "",
      ),
      "src/differ.ts": lines(
        "export class Differ {",
        "  diff(a: string, b: string): boolean { return a === b; }",
        "}",
        "export class Patcher {",
        "  diff(a: string, b: string): boolean { return a !== b; }",
        "}",
        "export const lineDiff = new Differ();",
      ),
      "src/lines.ts": lines(
        'import { lineDiff } from "./differ";',
        "export function diffLines(a: string, b: string): boolean {",
        "  return lineDiff.diff(a, b);",
        "}",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  const target = (file: string, line: number) =>
    index.calls.find((c) => c.file === file && c.line === line)?.to;

  it("binds a call of a Python module's instance to its class's __call__", () => {
    expect(target("tests/test_encoder.py", 5)).toBe("codec/encoder.py#Encoder.__call__@2");
    expect(target("tests/test_encoder.py", 6)).toBe("codec/encoder.py#Encoder.__call__@2");
  });

  it("binds a method call on an imported instance to its class's method", () => {
    expect(target("src/lines.ts", 3)).toBe("src/differ.ts#Differ.diff@2");
  });
});
