// `this.hook = this.hook.bind(this)` in a constructor (hookable, to let callers destructure `hook`)
// runs nothing: a test that only constructs the class does not reach `hook`, one calling it does.
// Real git, real tree-sitter, a package written here.
import { describe, expect, it } from "vitest";
import { lines } from "../make-repo.ts";
import { testFiles, useExplainChange } from "./explain-change.ts";

const explain = useExplainChange();

const hooks = (body: string) =>
  lines(
    "export class Hooks {",
    "  constructor() {",
    "    this.hook = this.hook.bind(this);",
    "  }",
    "  hook(name: string) {",
    `    return ${body};`,
    "  }",
    "  size() {",
    "    return 0;",
    "  }",
    "}",
  );

describe("a method bound onto itself in the constructor", () => {
  it("is reached by tests that call it, not by every test constructing the class", async () => {
    const result = await explain(
      {
        "src/hooks.ts": hooks("name"),
        "test/size.test.ts": lines(
          'import { Hooks } from "../src/hooks";',
          'it("sizes", () => { new Hooks().size(); });',
        ),
        "test/hook.test.ts": lines(
          'import { Hooks } from "../src/hooks";',
          'it("hooks", () => {',
          "  const h = new Hooks();",
          '  h.hook("a");',
          "});",
        ),
      },
      { "src/hooks.ts": hooks("name.trim()") },
    );
    const hook = result.symbols.find((s) => s.qualifiedName === "Hooks.hook");
    expect(testFiles(hook)).toEqual(["test/hook.test.ts"]);
  });
});
