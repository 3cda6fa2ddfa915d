// `this.#fill(...)` calls the class's private method `#fill` (ES2022, also TypeScript). The callee name
// kept the `#` out of its simple-path form, so the call became an unresolved `().fill` and nothing
// reached the private method or what it calls: hosted-git-info's GitHost routes every URL form
// through `#fill`. Real tree-sitter, a repository written here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

describe("calls of a private method", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/host.js": lines(
        "class Host {",
        "  #fill(template, opts) {",
        "    return template(opts);",
        "  }",
        "  ssh(opts) {",
        "    return this.#fill(this.sshtemplate, opts);",
        "  }",
        "}",
        "class Other {",
        "  fill() { return 0; }",
        "}",
        "module.exports = { Host, Other };",
      ),
      "src/queue.ts": lines(
        "export class Queue {",
        "  #items: number[] = [];",
        "  #grow(n: number): void { this.#items.length += n; }",
        "  push(n: number): void { this.#grow(1); this.#items.push(n); }",
        "}",
      ),
    });
    index = await buildIndex(repo.root);
  });
  afterAll(() => repo.cleanup());

  it("resolve to the class's own private method, in JavaScript and TypeScript", () => {
    const ssh = index.calls.find((c) => c.from?.endsWith("Host.ssh@5"));
    expect(ssh?.calleeName).toBe("this.#fill");
    expect(ssh?.to).toBe(index.symbols.find((s) => s.qualifiedName === "Host.#fill")?.id);
    const push = index.calls.filter((c) => c.file === "src/queue.ts" && c.calleeName === "this.#grow");
    expect(push.map((c) => c.to)).toEqual([index.symbols.find((s) => s.qualifiedName === "Queue.#grow")?.id]);
    // Not the public `fill` of another class, which a bare `().fill` could have been taken for.
    expect(index.calls.some((c) => c.to?.includes("Other.fill"))).toBe(false);
  });
});
