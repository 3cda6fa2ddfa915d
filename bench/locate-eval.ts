// dev, tune and test side by side, per repository, before and after a change, in one process:
//   node bin/run-ts.js bench/locate-eval.ts [--sets dev,tune,test,heldout,heldout4,heldout5,heldout6,heldout7,heldout8,heldout9,heldout10,heldout11,heldout12,heldout13,heldout14,heldout15,heldout16,heldout17,heldout18,heldout19,heldout20,heldout21,heldout22,heldout23,heldout24] [--before DIR] [--repos ID,ID]
//                                           [--before-index] [--index-cache DIR]
//                                           [--mirrors DIR] [--work DIR] [--corpus DIR]
// Each task goes through what `xihe locate --json -k 20` does (perception, the code index, the repo
// config, localize) and is scored like bench:locate (score.mjs's file@k / func@k). --before DIR is
// another checkout of this project (e.g. `git worktree add DIR <commit>`): its localize() ranks the
// same inputs, so the "before" column differs from "after" only by src/understanding/localize; with
// --before-index that checkout also builds its own code index of each task, so a change to the index
// (src/understanding/index) is measured too. --index-cache DIR: one parse cache per repository, shared
// by its tasks (REPO.sqlite, the before checkout's under DIR/before/), so each task parses one file.
import { join, resolve } from "node:path";
import { defaultRepoConfig } from "../src/config.ts";
import type { RepoIndex } from "../src/understanding/index/open-repo-index.ts";
import { pathToFileURL } from "node:url";
import {
  localize,
  type LocalizeInput,
  type SuspectLocation,
} from "../src/understanding/localize/localize.ts";
import {
  corpusOptions,
  formatMetrics,
  loadTasks,
  localizeInputOf,
  metrics,
  type Ranks,
  ranks,
} from "./locate-corpus.ts";
import { args, flag } from "./bench-args.ts";

type Localize = (input: LocalizeInput) => SuspectLocation[];
type OpenRepoIndex = (
  cwd: string,
  repo: string,
  config: typeof defaultRepoConfig,
  options: { cache?: string | null },
) => Promise<RepoIndex>;

const options = corpusOptions(flag, (flag("sets") ?? "dev,tune,test").split(","));
const beforeDir = flag("before");
const before = beforeDir
  ? (
      (await import(
        pathToFileURL(join(resolve(beforeDir), "src/understanding/localize/localize.ts")).href
      )) as {
        localize: Localize;
      }
    ).localize
  : null;
const beforeIndex =
  beforeDir && args.includes("--before-index")
    ? (
        (await import(
          pathToFileURL(join(resolve(beforeDir), "src/understanding/index/open-repo-index.ts")).href
        )) as { openRepoIndex: OpenRepoIndex }
      ).openRepoIndex
    : null;

const rows: { set: string; repoId: string; id: string; before: Ranks | null; after: Ranks }[] = [];
for await (const t of loadTasks(options)) {
  const input: LocalizeInput = { ...localizeInputOf(t.repo, t.failures, t.logText), limit: 20 };
  const after = ranks(localize(input), t.task);
  const beforeInput = beforeIndex
    ? { ...input, ...(await beforeIndexOf(beforeIndex, t.repo.root, t.repoId)) }
    : input;
  const was = before ? ranks(before(beforeInput), t.task) : null;
  rows.push({ set: t.set, repoId: t.repoId, id: t.task.id, before: was, after });
  const show = (r: Ranks | null) => (r ? `file#${r.fileRank ?? "-"} func#${r.funcRank ?? "-"}` : "");
  console.error(`${t.task.id.padEnd(16)} ${before ? `before ${show(was)}  ` : ""}after ${show(after)}`);
}

const header = "metrics: tasks file@1 file@5 func@1 func@5";
console.log(`set    repo            ${before ? `before (${header})   ` : ""}after (${header})`);
for (const set of options.sets) {
  const inSet = rows.filter((r) => r.set === set);
  const groups = [...new Set(inSet.map((r) => r.repoId)), "ALL"];
  for (const g of groups) {
    const rs = g === "ALL" ? inSet : inSet.filter((r) => r.repoId === g);
    const b = before ? `${formatMetrics(metrics(rs.map((r) => r.before!)))}   ` : "";
    console.log(`${set.padEnd(6)} ${g.padEnd(15)} ${b}${formatMetrics(metrics(rs.map((r) => r.after)))}`);
  }
}

/** The before checkout's own index of the task's checkout: its extractor, its resolution. */
async function beforeIndexOf(open: OpenRepoIndex, root: string, repoId: string) {
  // Never the checkout's own .xihe/: the after index is cached there, by another extractor version.
  const cache = options.indexCache ? join(options.indexCache, "before", `${repoId}.sqlite`) : null;
  const repo = await open(root, root, defaultRepoConfig, { cache });
  return { index: repo.index, readLines: repo.readLines };
}
