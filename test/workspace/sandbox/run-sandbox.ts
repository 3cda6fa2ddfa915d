// The bwrap sandbox a GitHub run gets, made the way runs make it: chooseSandbox is where the
// nested-repository cleanup is wired, so tests of that wiring go through it too.
import { randomUUID } from "node:crypto";
import { chooseSandbox } from "../../../src/workspace/sandbox/choose-sandbox.ts";
import type { Sandbox } from "../../../src/workspace/sandbox/sandbox.ts";
import { detectSandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";

export function runSandboxFor(root: string): Sandbox {
  return chooseSandbox({
    requested: "bwrap",
    source: "github",
    trustLocal: false,
    root,
    support: detectSandboxSupport(randomUUID()),
    newId: randomUUID,
    now: Date.now,
  });
}
