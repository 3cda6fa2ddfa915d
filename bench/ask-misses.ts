// Every seen question whose answer is not in recall's top three, with what ranked above it and why,
// so that misses can be read and classified (bench/ask-corpus/RESULTS.md, session 36):
//   node bin/run-ts.js bench/ask-misses.ts --mirrors DIR --work DIR [--sets a,b,...] [--all]
// Per miss: the answer's rank (or the symbol holding its line when recall scored nothing there), its
// score and recall's reasons, and the same for the first three. Only seen sets are read (SEEN).
import { join, resolve } from "node:path";
import { args, flag, project } from "./bench-args.ts";
import { indexedAskRepo } from "./ask-checkout.ts";
import { loadAskCorpus, answers, SEEN } from "./ask-corpus.ts";
import { recall, recallCandidates } from "../src/understanding/ask/recall.ts";
import { createSymbolLookup } from "../src/understanding/index/symbol-lookup.ts";
import { recalledLines, type RecalledSymbol } from "../src/understanding/ask/recalled-symbol.ts";

const mirrors = flag("mirrors") ?? process.env["XIHE_ASK_MIRRORS"];
const work = resolve(flag("work") ?? "ask-misses-work");
const sets = (flag("sets") ?? SEEN.join(",")).split(",");
const everyQuestion = args.includes("--all");
if (!mirrors || sets.some((s) => !SEEN.includes(s))) {
  console.error(`usage: ask-misses.ts --mirrors DIR --work DIR [--sets ${SEEN.join(",")}] [--all]`);
  process.exit(2);
}
const { repos, questions: all, setOf } = loadAskCorpus(join(project, "bench", "ask-corpus"));
const questions = all.filter((q) => sets.includes(setOf(q)));
for (const repo of repos.filter((r) => questions.some((q) => q.repo === r.id))) {
  const { config, index, readLines } = await indexedAskRepo(mirrors, repo, work);
  const candidates = new Set(recallCandidates(index, createSymbolLookup(index)));
  for (const q of questions.filter((x) => x.repo === repo.id)) {
    const ranked = recall(index, readLines, q.question, {
      aliases: config.understanding.aliases,
      limit: 100000,
    });
    const rank = ranked.findIndex((r) => answers(q, recalledLines(r)));
    if (rank >= 0 && rank < 3 && !everyQuestion) continue;
    console.log(
      `\n### ${q.id} [${setOf(q)}] rank ${rank < 0 ? "-" : rank + 1}/${ranked.length}  ${q.question}`,
    );
    if (rank >= 0) console.log(`  ANSWER ${describe(ranked[rank])}`);
    else
      for (const a of q.answers) {
        const holders = index.symbols
          .filter(
            (s) =>
              s.file === a.file && (a.line === undefined || (s.startLine <= a.line && a.line <= s.endLine)),
          )
          .sort((x, y) => x.endLine - x.startLine - (y.endLine - y.startLine));
        const s = holders[0];
        console.log(
          `  ANSWER unscored ${a.file}:${a.line ?? ""} ${s ? `${s.kind} ${s.qualifiedName} ${s.startLine}-${s.endLine} candidate=${candidates.has(s)}` : "no symbol"}`,
        );
      }
    ranked.slice(0, 3).forEach((r, i) => console.log(`  #${i + 1} ${describe(r)}`));
  }
  console.error(`${repo.id} done`);
}

function describe(r: RecalledSymbol | undefined): string {
  if (!r) return "?";
  const s = r.symbol;
  const shown = r.window ? ` (window ${r.window.startLine}-${r.window.endLine})` : "";
  return `${r.score.toFixed(3)} ${s.kind} ${s.file}:${s.startLine}-${s.endLine}${shown} ${s.qualifiedName} | ${r.why.join("; ")}`;
}
