// What a localization test starts from: the project's own test command run for real (it must fail),
// its log read by perception, and a fresh index of the checkout.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, expect } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { localize, type SuspectLocation } from "../../../src/understanding/localize/localize.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";

export async function failingRun(root: string, [program, ...args]: readonly [string, ...string[]]) {
  const run = await execa(program, args, { cwd: root, reject: false, all: true });
  expect(run.exitCode).not.toBe(0);
  const log = run.all ?? "";
  const { failures } = await diagnose(log, { repoRoot: root });
  const index = await buildIndex(root, { cache: null });
  const readLines = (path: string) => readFileSync(join(root, path), "utf8").split("\n");
  return { log, failures, index, readLines };
}

/**
 * A fixture's suite run and localized once, before the cases of the file or `describe` block that
 * calls this; the returned function reads the run's log and ranking inside a case.
 */
export function localizedAfterFailingRun(
  files: Record<string, string>,
  command: readonly [string, ...string[]],
): () => { log: string; ranked: SuspectLocation[] } {
  let repo: TestRepo | undefined;
  let result = { log: "", ranked: [] as SuspectLocation[] };
  beforeAll(async () => {
    repo = makeRepo(files, { git: false });
    const run = await failingRun(repo.root, command);
    const ranked = localize({
      index: run.index,
      failures: run.failures,
      logText: run.log,
      readLines: run.readLines,
    });
    result = { log: run.log, ranked };
  });
  afterAll(() => repo?.cleanup());
  return () => result;
}

/** The ranking alone of localizedAfterFailingRun. */
export function rankedAfterFailingRun(
  files: Record<string, string>,
  command: readonly [string, ...string[]],
): () => SuspectLocation[] {
  const run = localizedAfterFailingRun(files, command);
  return () => run().ranked;
}

/** A unittest suite in `tests/` run from the checkout's root. */
export const unittestDiscover = ["python3", "-m", "unittest", "discover", "-s", "tests", "-t", "."] as const;
