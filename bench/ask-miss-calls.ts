// For every seen question whose answer is not first: which of the (first three) symbols ranked above it call the
// answer (the caller wins) and which the answer calls (a callee wins), directly or in two calls (the
// number in brackets), with their rank (#k), so
// that misses can be counted by that class (bench/ask-corpus/RESULTS.md, session 38):
//   node bin/run-ts.js bench/ask-miss-calls.ts --mirrors DIR --work DIR [--sets a,b,...]
import { join, resolve } from "node:path";
import { flag, project } from "./bench-args.ts";
import { indexedAskRepo } from "./ask-checkout.ts";
import { loadAskCorpus, answers, SEEN } from "./ask-corpus.ts";
import { recall } from "../src/understanding/ask/recall.ts";
import { recalledLines } from "../src/understanding/ask/recalled-symbol.ts";
import { reachedFrom } from "../src/understanding/ask/named-entry-callees.ts";

const mirrors = flag("mirrors") ?? process.env["XIHE_ASK_MIRRORS"];
const work = resolve(flag("work") ?? "ask-misses-work");
const sets = (flag("sets") ?? SEEN.join(",")).split(",");
if (!mirrors || sets.some((s) => !SEEN.includes(s))) {
  console.error(`usage: ask-miss-calls.ts --mirrors DIR --work DIR [--sets ${SEEN.join(",")}]`);
  process.exit(2);
}
const { repos, questions: all, setOf } = loadAskCorpus(join(project, "bench", "ask-corpus"));
const questions = all.filter((q) => sets.includes(setOf(q)));
for (const repo of repos.filter((r) => questions.some((q) => q.repo === r.id))) {
  const { config, index, readLines } = await indexedAskRepo(mirrors, repo, work);
  for (const q of questions.filter((x) => x.repo === repo.id)) {
    const ranked = recall(index, readLines, q.question, {
      aliases: config.understanding.aliases,
      limit: 100000,
    });
    const rank = ranked.findIndex((r) => answers(q, recalledLines(r)));
    if (rank === 0) continue;
    const answer = ranked[rank]?.symbol;
    const above = ranked.slice(0, rank < 0 ? 3 : Math.min(rank, 3)).map((r) => r.symbol);
    const callers: string[] = [];
    const callees: string[] = [];
    if (answer) {
      const fromAnswer = reachedFrom(index, [answer]);
      above.forEach((s, i) => {
        const down = reachedFrom(index, [s]).get(answer);
        if (down) callers.push(`#${i + 1} ${s.qualifiedName}(${down.steps})`);
        const up = fromAnswer.get(s);
        if (up) callees.push(`#${i + 1} ${s.qualifiedName}(${up.steps})`);
      });
    }
    console.log(
      `${q.id}\t${setOf(q)}\t${rank < 0 ? "-" : rank + 1}\tcallers ${callers.join(",") || "-"}\tcallees ${callees.join(",") || "-"}`,
    );
  }
}
