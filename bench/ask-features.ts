// Runs ask's real recall once over every seen question and writes what it measured, so that the
// ranking can be re-chosen offline in seconds (bench/tune-ask-weights.ts):
//   node bin/run-ts.js bench/ask-features.ts --mirrors DIR --work DIR --out FILE.json [--sets a,b,...]
// For each question (ask-dump.ts): every scored candidate's features (recall-weights.ts), whether
// it answers (the bench's rule: ask-bench.ts), the links each of recall's passes reads, and
// recall's own top three with the committed weights, which the offline ranker must reproduce.
// Only the sets named in SEEN are read; any other set (a new held-out one) is refused.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { flag, project } from "./bench-args.ts";
import { indexedAskRepo } from "./ask-checkout.ts";
import { loadAskCorpus, answers, SEEN } from "./ask-corpus.ts";
import { questionDumper } from "./ask-dump.ts";
import type { DumpedQuestion } from "./ask-rank.ts";

const mirrors = flag("mirrors") ?? process.env["XIHE_ASK_MIRRORS"];
const work = resolve(flag("work") ?? "ask-features-work");
const out = flag("out");
const sets = (flag("sets") ?? SEEN.join(",")).split(",");
if (!mirrors || !out) {
  console.error("usage: ask-features.ts --mirrors DIR --work DIR --out FILE.json [--sets a,b]");
  process.exit(2);
}
if (sets.some((s) => !SEEN.includes(s))) {
  console.error(`only seen sets (${SEEN.join(", ")}); got ${sets.join(", ")}`);
  process.exit(2);
}
const { repos, questions: all, setOf } = loadAskCorpus(join(project, "bench", "ask-corpus"));
const questions = all.filter((q) => sets.includes(setOf(q)));
const dumped: DumpedQuestion[] = [];
for (const repo of repos.filter((r) => questions.some((q) => q.repo === r.id))) {
  const { config, index, readLines } = await indexedAskRepo(mirrors, repo, work);
  const dump = questionDumper(index, readLines, config.understanding.aliases);
  for (const q of questions.filter((x) => x.repo === repo.id))
    dumped.push({ id: q.id, repo: q.repo, set: setOf(q), ...dump(q.question, (lines) => answers(q, lines)) });
  console.error(`${repo.id}: ${questions.filter((x) => x.repo === repo.id).length} questions`);
}
writeFileSync(out, JSON.stringify(dumped));
console.error(`${dumped.length} questions -> ${out}`);
