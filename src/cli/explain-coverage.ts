// `xihe explain --coverage CMD`: the sandbox wiring that gives explain per-test coverage of the head.
// A map saved for the same question (head SHA, changed files, test files, extractor; the command when
// one is given) is used as it is (with or without --coverage); else, with --coverage, a command that
// cannot run files alone is refused, the install phase runs (as for `xihe locate --run`), then each
// test file that loads a changed file runs alone with coverage, and the map is saved for next time.
import { randomBytes, randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { loadEnv } from "../config.ts";
import { createLogger } from "../logger.ts";
import { installDependencies } from "../runs/install-dependencies.ts";
import {
  readCoverageCache,
  writeCoverageCache,
} from "../understanding/explain/per-test-coverage/coverage-cache.ts";
import { planTestFiles, runTestFiles } from "../understanding/explain/per-test-coverage/run-test-files.ts";
import {
  coverageKey,
  type TestCoverageMap,
} from "../understanding/explain/per-test-coverage/test-coverage-map.ts";
import { testsLoading } from "../understanding/explain/per-test-coverage/tests-loading.ts";
import type { RepoIndex } from "../understanding/index/open-repo-index.ts";
import { chooseSandbox, SandboxUnavailableError } from "../workspace/sandbox/choose-sandbox.ts";
import { detectSandboxSupport } from "../workspace/sandbox/sandbox-support.ts";
import { detectToolchains } from "../workspace/sandbox/detect-toolchains.ts";
import { limitsFromConfig } from "../workspace/sandbox/limits-from-config.ts";
import type { Sandbox } from "../workspace/sandbox/sandbox.ts";
import { chooseDependencyCacheDir } from "../workspace/install/dependency-cache-dir.ts";
import { pythonImportRoots } from "../understanding/localize/dynamic/python-import-roots.ts";
import type { CliIo } from "./cli-io.ts";

const runners = ["auto", "bwrap", "docker", "local"] as const;

export interface ExplainCoverage {
  status: "cached" | "ran" | "fallback" | "none";
  map: TestCoverageMap | null;
  /** Why there is no coverage (fallback), or which test files were not run in time. */
  reason: string | null;
  testFiles: number;
  notRun: string[];
  cachePath: string | null;
}

export async function explainCoverage(
  io: CliIo,
  repo: RepoIndex,
  request: { headSha: string | null; command: string | null; budgetSeconds: number; changedFiles: string[] },
): Promise<ExplainCoverage> {
  const none = (status: ExplainCoverage["status"], reason: string | null): ExplainCoverage => ({
    status,
    map: null,
    reason,
    testFiles: 0,
    notRun: [],
    cachePath: null,
  });
  const testFiles = testsLoading(repo.index, new Set(request.changedFiles));
  const question = {
    headSha: request.headSha ?? "working-tree",
    changedFiles: request.changedFiles,
    testFiles,
  };
  const cached = request.headSha
    ? readCoverageCache(repo.root, { ...coverageKey({ ...question, command: "" }), command: request.command })
    : null;
  // A map made with another test command, base or extractor answers another question: none is read.
  if (cached)
    return {
      status: "cached",
      map: cached,
      reason: null,
      testFiles: cached.tests.size,
      notRun: [],
      cachePath: null,
    };
  if (request.command === null) return none("none", null);
  if (testFiles.length === 0) return none("fallback", "no test file loads a changed file");
  // Everything that refuses without running anything comes before the install phase.
  const planned = planTestFiles(repo.root, request.command, testFiles);
  if (!planned.ok) return none("fallback", planned.reason);
  const sandbox = openSandbox(io, repo);
  if (typeof sandbox === "string") return none("fallback", sandbox);
  if (sandbox.kind === "docker")
    return none(
      "fallback",
      "coverage needs the workspace at the same path inside the sandbox; the docker runner mounts it elsewhere",
    );
  const install = await installDependencies(
    {
      sandboxWith: (dirs) => sandboxFor(io, repo, dirs),
      hostEnv: io.env,
      log: createLogger({ level: loadEnv(io.env).LOG_LEVEL ?? "warn", destination: { write: io.stderr } }),
      cache: chooseDependencyCacheDir(resolve(io.cwd, loadEnv(io.env).XIHE_WORK_DIR), repo.root, io.env),
    },
    repo.config,
  );
  if (install.status === "refused")
    return none("fallback", `install refused (${install.code}): ${install.reason}`);
  if (install.status === "failed")
    io.stderr(
      `install failed (${install.code}) after ${seconds(install.steps)} s: ${install.reason}; running the tests with what is importable\n${install.errorTail ?? ""}\n`,
    );
  // What an install would have made importable: the project's own packages (root or src/).
  const plan =
    install.status === "failed"
      ? {
          ...planned.plan,
          pythonEntries: [
            ...new Set([
              ...planned.plan.pythonEntries,
              ...pythonImportRoots({ root: repo.root, readText: repo.readText }),
            ]),
          ],
        }
      : planned.plan;
  const outcome = await runTestFiles({
    sandbox,
    index: repo.index,
    readText: repo.readText,
    plan,
    key: coverageKey({ ...question, command: request.command }),
    budgetMs: request.budgetSeconds * 1000,
    now: Date.now,
    newHexId: () => randomBytes(6).toString("hex"),
  });
  if (outcome.kind === "unavailable") return none("fallback", outcome.reason);
  for (const note of outcome.notes) io.stderr(`pytest: ${note}\n`);
  // A map of the working tree is not the commit's: it is used once, never saved under a SHA. Nor is
  // one made after a failed install: test files that died on a missing import would reach nothing
  // in every later explain.
  const complete = outcome.notRun.length === 0 && install.status !== "failed";
  const cachePath = request.headSha && complete ? writeCoverageCache(repo.root, outcome.map) : null;
  return {
    status: "ran",
    map: outcome.map,
    reason: complete
      ? null
      : `${outcome.notRun.length} test file(s) not run within ${request.budgetSeconds} s`,
    testFiles: outcome.map.tests.size,
    notRun: outcome.notRun,
    cachePath,
  };
}

function openSandbox(io: CliIo, repo: RepoIndex): Sandbox | string {
  try {
    return sandboxFor(io, repo, []);
  } catch (err) {
    if (err instanceof SandboxUnavailableError) return err.message;
    throw err;
  }
}

function sandboxFor(io: CliIo, repo: RepoIndex, readOnlyDirs: readonly string[]): Sandbox {
  const config = repo.config.sandbox;
  const fromEnv = runners.find((r) => r === io.env.XIHE_SANDBOX) ?? "auto";
  return chooseSandbox({
    requested: config.runner !== "auto" ? config.runner : fromEnv,
    source: "local_checkout",
    trustLocal: false,
    root: repo.root,
    support: detectSandboxSupport(randomUUID()),
    dockerImage: io.env.XIHE_DOCKER_IMAGE,
    newId: randomUUID,
    now: Date.now,
    readOnlyDirs,
    defaults: limitsFromConfig(config),
    toolchains: detectToolchains({ hostEnv: io.env, configured: config.toolchains }),
  });
}

function seconds(steps: readonly { durationMs: number }[]): string {
  return (steps.reduce((n, s) => n + s.durationMs, 0) / 1000).toFixed(1);
}
