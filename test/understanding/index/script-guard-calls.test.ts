import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

// A CLI module's `main()` under a script guard runs when the file runs as a script, not when a test
// imports it: the index flags those calls, and only those, so module-load reach can leave them out.
describe("calls under a script guard", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "tool/cli.py": lines(
        "def main():",
        "    return 0",
        "",
        "def setup():",
        "    return 1",
        "",
        "SETTINGS = setup()",
        "",
        'if __name__ == "__main__":',
        "    main()",
        "else:",
        "    setup()",
        "",
      ),
      "bin/run.js": lines(
        "function main() { return 0; }",
        "function prepare() { return 1; }",
        "prepare();",
        "if (require.main === module) {",
        "  main();",
        "}",
        "module.exports = { main };",
        "",
      ),
      // The guard's opposites run on import; a conjunction with the guard does not.
      "tool/plugin.py": lines(
        "def register():",
        "    return 1",
        "",
        'if not __name__ == "__main__":',
        "    register()",
        'if __name__ != "__main__":',
        "    register()",
        'if __name__ == "__main__" and register():',
        "    register()",
        "",
      ),
      "bin/plugin.js": lines(
        "function register() { return 1; }",
        "if (!(require.main === module)) register();",
        'if (typeof require !== "undefined" && require.main === module) register();',
        "",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  const flagged = (file: string) =>
    index.calls
      .filter((c) => c.file === file)
      .map((c) => `${c.line} ${c.calleeName}${c.scriptOnly ? " script-only" : ""}`);

  it("flags the Python __main__ block's calls, not the else branch or module-level code", () => {
    expect(flagged("tool/cli.py")).toEqual(["7 setup", "10 main script-only", "12 setup"]);
  });

  it("flags the calls in a Node `require.main === module` block", () => {
    expect(flagged("bin/run.js")).toEqual(["3 prepare", "5 main script-only"]);
  });

  it("does not flag the calls under a negated guard, and flags those under a guard's conjunction", () => {
    expect(flagged("tool/plugin.py")).toEqual([
      "5 register",
      "7 register",
      "8 register",
      "9 register script-only",
    ]);
    expect(flagged("bin/plugin.js")).toEqual(["2 register", "3 register script-only"]);
  });
});
