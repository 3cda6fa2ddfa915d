// `xihe bench make`: tasks from a repository whose suite passes. Each candidate breakage (mutation,
// lint, format) is applied to an installed checkout and kept only when the repository's own
// commands say so: a mutation must make a test command fail (twice, the same way), a lint or format
// breakage must make a lint command fail while the tests still pass. Each kept task is its own
// parentless commit in its own bundle.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isPassing, type CheckRun } from "../../agent/loop/check-run.ts";
import { isTestPath } from "../../agent/loop/detect-test-weakening.ts";
import { UsageError } from "../../errors.ts";
import type { Grammars } from "../../understanding/index/grammars.ts";
import { languageOf } from "../../understanding/index/languages.ts";
import type { BenchTask } from "../bench-task.ts";
import { applyBreakage, brokenLine, type Breakage } from "./breakage.ts";
import { mutationCandidates } from "./mutation-candidates.ts";
import { orderBreakages } from "./order-breakages.ts";
import { seededRandom } from "./seeded-random.ts";
import { styleBreakages } from "./style-breakages.ts";
import { writeTaskCommit } from "./write-task-commit.ts";

export interface PackWorkspace {
  /** An installed checkout of the repository at `base`, where candidates are tried. */
  root: string;
  base: string;
  files: readonly string[];
  /** Runs a command line in the sandbox. */
  run: (command: string) => Promise<CheckRun>;
}

export interface MakePackRequest {
  outDir: string;
  count: number;
  seed: string;
  idPrefix: string;
  tests: readonly string[];
  lints: readonly string[];
}

const skippedDirs = /(^|\/)(node_modules|vendor|dist|build|coverage|\.xihe)\//;
const maxTriesPerTask = 8;

export async function makeTaskPack(
  ws: PackWorkspace,
  request: MakePackRequest,
  deps: { grammars: Grammars; progress: (line: string) => void; nowMs: () => number },
): Promise<BenchTask[]> {
  await requireGreenBaseline(ws, [...request.tests, ...request.lints]);
  const random = seededRandom(request.seed);
  const sources = ws.files.filter((f) => languageOf(f) !== null && !isTestPath(f) && !skippedDirs.test(f));
  const mutations: Breakage[] = [];
  const styles: Breakage[] = [];
  for (const file of sources) {
    const text = readFileSync(join(ws.root, file), "utf8");
    const language = await deps.grammars.load(languageOf(file)!);
    mutations.push(...mutationCandidates(language, file, text));
    if (language.id !== "python") styles.push(...styleBreakages(file, text));
  }
  const styleQuota = request.lints.length > 0 ? Math.floor(request.count / 3) : 0;
  const tasks: BenchTask[] = [];
  const bundles = join(request.outDir, "bundles");
  mkdirSync(bundles, { recursive: true });
  const keep = async (quota: number, candidates: Breakage[]) => {
    const usedScopes = new Set<string>();
    let tries = 0;
    for (const candidate of candidates) {
      if (tasks.length >= quota || tries >= request.count * maxTriesPerTask) return;
      if (usedScopes.has(candidate.scope)) continue;
      tries++;
      const started = deps.nowMs();
      const task = await tryCandidate(ws, request, candidate, tasks.length + 1);
      const took = ((deps.nowMs() - started) / 1000).toFixed(1);
      deps.progress(
        `${task ? "kept" : "dropped"} ${candidate.kind} ${candidate.op} at ${candidate.file}:${candidate.line} (${took} s)\n`,
      );
      if (!task) continue;
      usedScopes.add(candidate.scope);
      tasks.push(task);
    }
  };
  await keep(request.count - styleQuota, orderBreakages(random, mutations));
  // Lint and format breakages take turns, so a pack has both when the linters catch both.
  const lint = orderBreakages(
    random,
    styles.filter((b) => b.kind === "lint"),
  );
  const format = orderBreakages(
    random,
    styles.filter((b) => b.kind === "format"),
  );
  const alternating = Array.from({ length: Math.max(lint.length, format.length) }, (_, i) => [
    lint[i],
    format[i],
  ]);
  await keep(
    request.count,
    alternating.flat().filter((b): b is Breakage => b !== undefined),
  );
  writeFileSync(join(request.outDir, "tasks.jsonl"), tasks.map((t) => `${JSON.stringify(t)}\n`).join(""));
  return tasks;
}

async function requireGreenBaseline(ws: PackWorkspace, commands: readonly string[]): Promise<void> {
  if (commands.length === 0)
    throw new UsageError(
      'no commands to verify tasks with: pass --test "npm test" or set commands.test in .github/xihe.yml',
    );
  for (const command of commands) {
    const run = await ws.run(command);
    if (!isPassing(run))
      throw new UsageError(
        `${command} fails (exit ${run.exitCode}) at ${ws.base.slice(0, 12)}: tasks are made from a repository whose suite passes; fix it or leave the command out\n${run.tail.trim().split("\n").slice(-8).join("\n")}\n`,
      );
  }
}

async function tryCandidate(
  ws: PackWorkspace,
  request: MakePackRequest,
  candidate: Breakage,
  number: number,
): Promise<BenchTask | null> {
  const path = join(ws.root, candidate.file);
  const text = readFileSync(path, "utf8");
  writeFileSync(path, applyBreakage(text, candidate));
  try {
    const failing = await verify(ws, request, candidate);
    if (!failing) return null;
    const letter = { mutation: "m", lint: "l", format: "f" }[candidate.kind];
    const id = `${request.idPrefix}-${letter}${String(number).padStart(2, "0")}`;
    const commit = await writeTaskCommit(ws.root, {
      id,
      base: ws.base,
      file: candidate.file,
      bundle: join(request.outDir, "bundles", `${id}.bundle`),
    });
    const { original, broken } = brokenLine(text, candidate);
    return {
      id,
      repo: `bundles/${id}.bundle`,
      commit,
      kind: candidate.kind,
      failing,
      suite: [...request.tests, ...request.lints],
      truth: { file: candidate.file, line: candidate.line, op: candidate.op, original, broken },
    };
  } finally {
    writeFileSync(path, text);
  }
}

/** The commands the breakage makes fail, or null when it is not a task of its kind. */
async function verify(
  ws: PackWorkspace,
  request: MakePackRequest,
  candidate: Breakage,
): Promise<string[] | null> {
  const tests: CheckRun[] = [];
  for (const command of request.tests) tests.push(await ws.run(command));
  if (tests.some((r) => r.timedOut)) return null;
  if (candidate.kind === "mutation") {
    const failing = tests.filter((r) => !isPassing(r));
    if (failing.length === 0) return null;
    // The same failure twice: a task must not be flaky.
    for (const run of failing) if ((await ws.run(run.command)).exitCode !== run.exitCode) return null;
    return failing.map((r) => r.command);
  }
  if (!tests.every(isPassing)) return null;
  const lints: CheckRun[] = [];
  for (const command of request.lints) lints.push(await ws.run(command));
  const failing = lints.filter((r) => !isPassing(r) && !r.timedOut);
  return failing.length > 0 ? failing.map((r) => r.command) : null;
}
