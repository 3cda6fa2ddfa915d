import { defaultRepoConfig } from "../../src/config.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { briefFailure, type CheckRun } from "../../src/agent/loop/check-run.ts";
import { createLocalizer } from "../../src/agent/loop/create-localizer.ts";
import { createLogger } from "../../src/logger.ts";
import { diagnose } from "../../src/perception/diagnose.ts";
import { openRepoIndex, type RepoIndex } from "../../src/understanding/index/open-repo-index.ts";
import { createBwrapSandbox } from "../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../src/workspace/sandbox/sandbox-support.ts";
import { withNestedGitCleanup } from "../../src/workspace/sandbox/with-nested-git-cleanup.ts";
import { createSpectrumRepo, type SpectrumRepo } from "../understanding/localize/dynamic/spectrum-repos.ts";
import {
  createUnknownRunnerRepo,
  type UnknownRunnerRepo,
} from "../understanding/localize/dynamic/unknown-runner-repos.ts";

/** The failed check run the loop starts from: the repository's real failing log, diagnosed. */
async function failingCheck(repo: { dir: string; command: string; log: string }): Promise<CheckRun> {
  const { failures } = await diagnose(repo.log, { repoRoot: repo.dir });
  return {
    command: repo.command,
    exitCode: 1,
    timedOut: false,
    durationMs: 500,
    tail: repo.log,
    failures: failures.map(briefFailure),
    verdict: "code",
    evidence: "",
  };
}

describe("the fix loop's localizer with dynamic localization", () => {
  let repo: SpectrumRepo;
  let index: RepoIndex;
  let failing: CheckRun;
  const lines: string[] = [];
  const log = createLogger({ level: "info", destination: { write: (line: string) => lines.push(line) } });
  beforeAll(async () => {
    repo = await createSpectrumRepo("node_test");
    index = await openRepoIndex(repo.dir, ".", defaultRepoConfig);
    failing = await failingCheck(repo);
  }, 60_000);
  afterAll(() => repo?.remove());

  function localizer(budgetMs?: number) {
    const sandbox = withNestedGitCleanup(
      createBwrapSandbox({
        root: repo.dir,
        support: detectSandboxSupport(randomUUID()),
        newId: randomUUID,
        now: Date.now,
      }),
    );
    return createLocalizer({
      index: index.index,
      readLines: index.readLines,
      aliases: {},
      callDepth: 1,
      briefTokens: 2000,
      dynamic:
        budgetMs === undefined
          ? undefined
          : {
              sandbox,
              budgetMs,
              now: Date.now,
              newHexId: () => randomBytes(6).toString("hex"),
              readText: index.readText,
              log,
            },
    });
  }

  it("re-runs the failing test command's tests and puts the function only they ran first", async () => {
    const staticRanked = await localizer()([failing]);
    expect(staticRanked.suspects[0]).not.toMatch(/roundCents/);
    const located = await localizer(60_000)([failing]);
    expect(located.suspects[0]).toMatch(/^src\/pricing\.js:6 roundCents \(spectrum: ochiai 1\.00/);
    expect(located.brief).toContain("Math.floor(cents)");
    expect(lines.some((l) => l.includes("dynamic localization ranked"))).toBe(true);
  }, 60_000);

  it("keeps the static ranking and logs the reason when the time box runs out", async () => {
    const staticRanked = await localizer()([failing]);
    const starved = await localizer(1)([failing]);
    expect(starved.suspects).toEqual(staticRanked.suspects);
    const warning = lines.find((l) => l.includes("dynamic localization fell back to static"));
    expect(warning).toMatch(/run budget \(0\.001 s\) ran out/);
  }, 60_000);
});

describe("the fix loop's localizer with a test script xihe does not know", () => {
  let repo: UnknownRunnerRepo;
  let index: RepoIndex;
  let failing: CheckRun;
  const lines: string[] = [];
  const log = createLogger({ level: "info", destination: { write: (line: string) => lines.push(line) } });
  beforeAll(async () => {
    repo = await createUnknownRunnerRepo("node_script");
    index = await openRepoIndex(repo.dir, ".", defaultRepoConfig);
    failing = await failingCheck(repo);
  }, 60_000);
  afterAll(() => repo?.remove());

  it("re-runs the whole command and puts the helper it ran above the look-alike it did not", async () => {
    const localize = (dynamic: boolean) =>
      createLocalizer({
        index: index.index,
        readLines: index.readLines,
        aliases: {},
        callDepth: 1,
        briefTokens: 2000,
        dynamic: dynamic
          ? {
              sandbox: withNestedGitCleanup(
                createBwrapSandbox({
                  root: repo.dir,
                  support: detectSandboxSupport(randomUUID()),
                  newId: randomUUID,
                  now: Date.now,
                }),
              ),
              budgetMs: 60_000,
              now: Date.now,
              newHexId: () => randomBytes(6).toString("hex"),
              readText: index.readText,
              log,
            }
          : undefined,
      })([failing]);
    const at = (suspects: string[], symbol: string) => suspects.findIndex((s) => s.includes(` ${symbol} (`));
    const staticRanked = (await localize(false)).suspects;
    expect(at(staticRanked, "applyDiscountOddTotal")).toBeLessThan(at(staticRanked, "roundCents"));
    const located = (await localize(true)).suspects;
    const decoy = at(located, "applyDiscountOddTotal");
    expect(at(located, "roundCents")).toBeGreaterThanOrEqual(0);
    expect(decoy === -1 || decoy > at(located, "roundCents")).toBe(true);
    expect(lines.some((l) => l.includes("dynamic localization ranked"))).toBe(true);
  }, 60_000);
});
