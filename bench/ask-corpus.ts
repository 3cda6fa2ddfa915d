// The ask corpus (bench/ask-corpus/): its repositories, its questions and the rule that says when a
// location answers one, shared by the bench (ask-bench.ts) and the weight search (ask-features.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface AskQuestion {
  id: string;
  repo: string;
  // A question set other than its repository's split (`tune2`: more questions on the tune
  // repositories, written later); absent means the repository's split.
  set?: string;
  question: string;
  answers: { file: string; line?: number }[];
}
export interface AskRepo {
  id: string;
  repo: string;
  commit: string;
  split: string;
}

/**
 * The sets the weights may be chosen on: every set measured before session 36 (heldout6, heldout7
 * seen since; heldout8 since session 37; heldout9's ask results seen since session 37, heldout10's
 * since session 38, heldout11's since session 39, heldout12's since session 40, heldout13's since
 * session 41, heldout14's since session 42, heldout15's since session 43, heldout16's since session 44, heldout17's since session 45, heldout18's since session 46, heldout19's since session 47, heldout20's since session 48, heldout21's since session 49, heldout22's since session 50, heldout23's since session 51 and heldout24's since session 52, each after one measurement before and one after that session's merges).
 */
export const SEEN = [
  "tune",
  "tune2",
  "test",
  "heldout",
  "heldout2",
  "heldout3",
  "heldout4",
  "heldout5",
  "heldout6",
  "heldout7",
  "heldout8",
  "heldout9",
  "heldout10",
  "heldout11",
  "heldout12",
  "heldout13",
  "heldout14",
  "heldout15",
  "heldout16",
  "heldout17",
  "heldout18",
  "heldout19",
  "heldout20",
  "heldout21",
  "heldout22",
  "heldout23",
  "heldout24",
];

/** A whole class or module "containing" the line is not an answer a reader can use. */
export const MAX_SPAN = 150;

export function loadAskCorpus(dir: string): {
  repos: AskRepo[];
  questions: AskQuestion[];
  setOf: (q: AskQuestion) => string;
} {
  const repos = (JSON.parse(readFileSync(join(dir, "repos.json"), "utf8")) as { repos: AskRepo[] }).repos;
  const questions = readFileSync(join(dir, "questions.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as AskQuestion);
  const splitOf = new Map(repos.map((r) => [r.id, r.split]));
  return { repos, questions, setOf: (q) => q.set ?? splitOf.get(q.repo) ?? "" };
}

/**
 * A location answers when it is in the answer's file, its line range holds the answer's line (any
 * range in that file when the answer names no line) and it spans at most MAX_SPAN lines.
 */
export function answers(
  q: Pick<AskQuestion, "answers">,
  l: { file: string; startLine: number; endLine: number },
): boolean {
  if (l.endLine - l.startLine + 1 > MAX_SPAN) return false;
  return q.answers.some(
    (a) => a.file === l.file && (a.line === undefined || (l.startLine <= a.line && a.line <= l.endLine)),
  );
}
