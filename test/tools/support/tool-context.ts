// A ToolContext over a real temp repository. The sandbox is only given to tests that run commands;
// elsewhere using it is a test bug, so it throws.
import type { Sandbox } from "../../../src/workspace/sandbox/sandbox.ts";
import type { CommandCheck, ToolContext } from "../../../src/tools/define-tool.ts";
import { openWorkspaceGit } from "../../../src/tools/open-workspace-git.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";

const noSandbox: Sandbox = {
  kind: "none",
  root: "",
  run: () => Promise.reject(new Error("this test does not run commands")),
};

export function toolContext(
  root: string,
  baseCommit: string,
  extra: { sandbox?: Sandbox; index?: CodeIndex; checkCommand?: (line: string) => CommandCheck } = {},
): ToolContext {
  return {
    root,
    sandbox: extra.sandbox ?? noSandbox,
    git: openWorkspaceGit(root),
    baseCommit,
    index: extra.index ?? null,
    checkCommand: extra.checkCommand ?? (() => ({ ok: false, reason: "no commands in this test" })),
    commandTimeoutMs: 30_000,
  };
}
