// Task packs for bench tests: a small real repository (node:test, two test files) and tasks that are
// parentless commits of it with one file broken, each bundled as `xihe bench make` does.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeTaskCommit } from "../../src/bench/make/write-task-commit.ts";
import type { BenchTask } from "../../src/bench/bench-task.ts";
import { makeGitRepo } from "../tools/support/make-git-repo.ts";
import type { ScriptedReply } from "../agent/support/scripted-model-server.ts";
import { loadTurns } from "../agent/support/scripted-model-server.ts";
import { scratchDir } from "../support/scratch-dir.ts";

export const calcRepo: Record<string, string> = {
  "package.json": '{ "name": "calc", "type": "module" }\n',
  ".github/xihe.yml": "budget:\n  max_repair_rounds: 1\n",
  "src/sum.js": "export function sum(a, b) {\n  return a + b;\n}\n",
  "src/scale.js": 'import { sum } from "./sum.js";\n\nexport function double(x) {\n  return sum(x, x);\n}\n',
  "test/sum.test.js": [
    'import assert from "node:assert/strict";',
    'import { test } from "node:test";',
    'import { sum } from "../src/sum.js";',
    "",
    'test("adds two numbers", () => {',
    "  assert.equal(sum(2, 3), 5);",
    "});",
    "",
    'test("adds negatives", () => {',
    "  assert.equal(sum(-2, -2), -4);",
    "});",
    "",
  ].join("\n"),
  "test/scale.test.js": [
    'import assert from "node:assert/strict";',
    'import { test } from "node:test";',
    'import { double } from "../src/scale.js";',
    "",
    'test("doubles a number", () => {',
    "  assert.equal(double(3), 6);",
    "});",
    "",
  ].join("\n"),
};

export interface PackSpec {
  id: string;
  /** Files replaced in the task's commit; none: the task is the unbroken base. */
  broken?: Record<string, string>;
  failing: string[];
  suite?: string[];
  kind?: BenchTask["kind"];
}

export interface TestPack {
  dir: string;
  tasks: BenchTask[];
  cleanup: () => void;
}

export async function makeTestPack(specs: readonly PackSpec[], files = calcRepo): Promise<TestPack> {
  const repo = makeGitRepo(files);
  const dir = scratchDir("xihe-bench-pack-");
  mkdirSync(join(dir, "bundles"));
  const base = repo.git("rev-parse", "HEAD").trim();
  const tasks: BenchTask[] = [];
  for (const spec of specs) {
    const entries = Object.entries(spec.broken ?? {});
    const [file, text] = entries[0] ?? ["src/sum.js", files["src/sum.js"]!];
    repo.write(file, text);
    const commit = await writeTaskCommit(repo.root, {
      id: spec.id,
      base,
      file,
      bundle: join(dir, "bundles", `${spec.id}.bundle`),
    });
    repo.git("checkout", "--", file);
    tasks.push({
      id: spec.id,
      repo: `bundles/${spec.id}.bundle`,
      commit,
      kind: spec.kind ?? "mutation",
      failing: spec.failing,
      suite: spec.suite,
    });
  }
  writeFileSync(join(dir, "tasks.jsonl"), tasks.map((t) => `${JSON.stringify(t)}\n`).join(""));
  repo.cleanup();
  return { dir, tasks, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A recorded chat-completions turn (its shape and usage) carrying these tool calls instead. */
export function turnCalling(
  calls: readonly { name: string; arguments: Record<string, unknown> }[],
): ScriptedReply {
  const recorded = loadTurns("unit-test-repair")[2]!;
  const body = structuredClone(recorded.body) as {
    choices: { message: { content: string | null; tool_calls: unknown[] } }[];
  };
  body.choices[0]!.message.tool_calls = calls.map((c, i) => ({
    id: `call_${i + 1}`,
    type: "function",
    function: { name: c.name, arguments: JSON.stringify(c.arguments) },
  }));
  return { ...recorded, body };
}
