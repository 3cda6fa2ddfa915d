// The call site's argument list is split at its top-level commas; a comma or bracket inside a string
// argument is none of them, or every later argument is read in the wrong slot.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { misplacedArgument } from "../../../src/understanding/localize/swapped-arguments.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

const calls = ['"a, b"', '"("', "'[x, y'", '"\\", ("'];

let repo: TestRepo;
let index: CodeIndex;
beforeAll(async () => {
  repo = makeRepo(
    {
      "rules.py": lines(
        "def make_backend(label, name, patterns):",
        "    return label, name, patterns",
        "",
        "",
        "def spec(name, patterns):",
        ...calls.map((label) => `    make_backend(${label}, patterns, name)`),
      ),
    },
    { git: false },
  );
  index = await buildIndex(repo.root, { cache: null });
});
afterAll(() => repo.cleanup());

describe("misplacedArgument with a string argument before the swapped ones", () => {
  it.each(calls.map((label, i) => [label, 6 + i] as const))(
    "reads the slots after %s as written",
    (_label, line) => {
      const callee = index.symbols.find((s) => s.name === "make_backend");
      expect(callee).toBeDefined();
      const readLines = (path: string) => readFileSync(join(repo.root, path), "utf8").split("\n");
      expect(misplacedArgument("rules.py", line, callee!, readLines)).toEqual({
        argument: "patterns",
        namesake: "patterns",
        slot: "name",
      });
    },
  );
});

// JS names a method by any string (`"x(y"(a, b) {}`): the index keeps the quotes, and a pull request
// chooses the text. The name is matched as text, never read as a pattern.
describe("misplacedArgument for a method named by a string", () => {
  let jsRepo: TestRepo;
  let jsIndex: CodeIndex;
  beforeAll(async () => {
    jsRepo = makeRepo(
      {
        "lib/a.js": lines(
          "export class A {",
          '  "x(y"(name, patterns) { return patterns.length; }',
          "}",
          "export function run(name, patterns) {",
          '  return new A()["x(y"](patterns, name);',
          "}",
        ),
      },
      { git: false },
    );
    jsIndex = await buildIndex(jsRepo.root, { cache: null });
  });
  afterAll(() => jsRepo.cleanup());

  it("reads the call without taking the name for a pattern", () => {
    const callee = jsIndex.symbols.find((s) => s.name === '"x(y"');
    expect(callee).toBeDefined();
    const readLines = (path: string) => readFileSync(join(jsRepo.root, path), "utf8").split("\n");
    expect(misplacedArgument("lib/a.js", 5, callee!, readLines)).toBeNull();
  });
});
