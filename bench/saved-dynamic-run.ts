// One task of a locate-dynamic-bench.ts run, opened again offline: its saved result, the checkout's
// index, the failures diagnosed from its log and the static signals, as `xihe locate --run` had them,
// for the scripts that re-rank or inspect those runs without running a test again.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defaultRepoConfig } from "../src/config.ts";
import { diagnose } from "../src/perception/diagnose.ts";
import { openRepoIndex } from "../src/understanding/index/open-repo-index.ts";
import { isCallable } from "../src/understanding/index/symbol-lookup.ts";
import { collectSignals } from "../src/understanding/localize/localize.ts";
import { project } from "./bench-args.ts";
import { localizeInputOf } from "./locate-corpus.ts";

/** `T` is the shape of `results/ID.json` the caller reads (its task names the corpus log). */
export async function openSavedRun<T extends { task: { log: string } }>(
  work: string,
  id: string,
  corpus: string,
) {
  const dir = join(work, "results");
  const saved = JSON.parse(readFileSync(join(dir, `${id}.json`), "utf8")) as T;
  const logText = readFileSync(join(corpus, saved.task.log), "utf8");
  const repo = await openRepoIndex(project, join(work, "checkouts", id), defaultRepoConfig);
  const { failures } = await diagnose(logText, {
    repoRoot: repo.root,
    fileExists: (rel) => existsSync(join(repo.root, rel)),
  });
  const collected = collectSignals(localizeInputOf(repo, failures, logText));
  const tests = new Set(repo.index.files.filter((f) => f.isTest).map((f) => f.path));
  // The spectrum judges functions outside the tests, as `xihe locate --run` does.
  const candidates = repo.index.symbols.filter((s) => isCallable(s) && !tests.has(s.file));
  const readText = (file: string) => {
    const path = join(repo.root, file);
    return existsSync(path) ? readFileSync(path, "utf8") : null;
  };
  const coverageFile = join(dir, `${id}.coverage.json`);
  return { saved, repo, failures, collected, tests, candidates, readText, coverageFile };
}
