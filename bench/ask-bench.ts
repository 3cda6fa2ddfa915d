// `xihe ask` without a model on questions with known answers about real repositories:
//   npm run bench:ask -- [--set tune|tune2|test|heldout|heldout2|heldout3|heldout4|heldout5|heldout6|heldout7|heldout8|heldout9|heldout10|heldout11|heldout12|heldout13|heldout14|heldout15|heldout16|heldout17|heldout18|heldout19|heldout20|heldout21|heldout22|heldout23|heldout24|all] [--mirrors DIR] [--work DIR] [--xihe BIN] [--show]
// Questions and their answers (a file, and a line inside the function or declaration that answers
// them) are in bench/ask-corpus/questions.jsonl; the repositories and their tune/test split in
// repos.json, fixed before any result was seen. Each question runs `xihe ask --json -k 3` through
// bin on a checkout at the pinned commit (made from a git mirror, outside the project). A location
// answers when it is in the answer's file and its line range holds the answer's line (any range in
// that file when the answer names no line) and spans at most MAX_SPAN lines — a whole class or
// module "containing" the line is not an answer a reader can use. Prints top-1 and top-3 per
// repository and per split. Choose ranking changes on tune; report test.
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execa } from "execa";
import { args, flag, project } from "./bench-args.ts";
import { checkoutAskRepo } from "./ask-checkout.ts";
import { answers, loadAskCorpus, type AskRepo } from "./ask-corpus.ts";

interface Location {
  file: string;
  symbol: string;
  startLine: number;
  endLine: number;
}

const corpus = join(project, "bench", "ask-corpus");
const set = flag("set") ?? "all";
const mirrors = flag("mirrors") ?? process.env["XIHE_ASK_MIRRORS"] ?? process.env["XIHE_LOCALIZE_MIRRORS"];
const work = resolve(flag("work") ?? join(tmpdir(), "xihe-ask-bench"));
const xihe = resolve(flag("xihe") ?? join(project, "bin", "xihe.js"));
const show = args.includes("--show");

// `all` is tune + test, as before the held-out repositories were added; a held-out split (heldout,
// heldout2, ...) runs only when named.
const { repos: allRepos, questions: allQuestions, setOf } = loadAskCorpus(corpus);
const splits = [...new Set([...allRepos.map((r) => r.split), ...allQuestions.map(setOf)])];
if (set !== "all" && !splits.includes(set))
  fail(`--set must be all or one of ${splits.join(", ")}; got ${set}`);
const questions = allQuestions.filter((q) =>
  set === "all" ? setOf(q) === "tune" || setOf(q) === "test" : setOf(q) === set,
);
const repos = allRepos.filter((r) => questions.some((q) => q.repo === r.id));

const missing = repos.filter((r) => !mirrors || !existsSync(join(mirrors, r.repo.replace("/", "+"))));
if (!mirrors || missing.length > 0)
  fail(
    [
      "The ask bench needs git mirrors of its repositories (their code is not stored here).",
      `Missing: ${missing.map((r) => r.repo).join(", ")}`,
      "Fetch each (the search tool's fetch, or `git clone --mirror https://github.com/OWNER/NAME",
      "MIRRORS/OWNER+NAME/repo`), then pass --mirrors MIRRORS or set XIHE_ASK_MIRRORS.",
    ].join("\n"),
  );

const rows: { repo: AskRepo; split: string; top1: number; top3: number; total: number }[] = [];
for (const repo of repos) {
  const checkout = await checkoutAskRepo(mirrors!, repo, work);
  const own = questions.filter((q) => q.repo === repo.id);
  let top1 = 0;
  let top3 = 0;
  for (const q of own) {
    const locations = await ask(checkout, q.question);
    const rank = locations.findIndex((l) => answers(q, l));
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    if (show)
      console.log(
        `${rank === 0 ? "1" : rank > 0 ? String(rank + 1) : "-"}  ${q.id}  ${q.question}\n     ${locations
          .map((l) => `${l.file}:${l.startLine} ${l.symbol}`)
          .join(" | ")}`,
      );
  }
  rows.push({ repo, split: set === "all" ? repo.split : set, top1, top3, total: own.length });
}

const pct = (n: number, d: number) => (d === 0 ? "-" : (n / d).toFixed(3));
console.log("repo            split    questions  top-1  top-3");
for (const r of rows)
  console.log(
    `${r.repo.id.padEnd(16)}${r.split.padEnd(9)}${String(r.total).padStart(9)}  ${pct(r.top1, r.total)}  ${pct(r.top3, r.total)}`,
  );
for (const split of splits) {
  const own = rows.filter((r) => r.split === split);
  if (own.length === 0) continue;
  const sum = (f: (r: (typeof rows)[number]) => number) => own.reduce((a, r) => a + f(r), 0);
  console.log(
    `${split.padEnd(25)}${String(sum((r) => r.total)).padStart(9)}  ${pct(
      sum((r) => r.top1),
      sum((r) => r.total),
    )}  ${pct(
      sum((r) => r.top3),
      sum((r) => r.total),
    )}`,
  );
}

async function ask(checkout: string, question: string): Promise<Location[]> {
  const { stdout } = await execa(
    process.execPath,
    [xihe, "ask", "--repo", checkout, "--json", "-k", "3", question],
    { env: withoutModel(process.env), extendEnv: false },
  );
  return (JSON.parse(stdout) as { locations: Location[] }).locations;
}

// The bench measures the model-free ranking, whatever model the caller's environment names.
function withoutModel(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith("XIHE_MODEL")));
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
