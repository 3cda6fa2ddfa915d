// Scores extracted failures against an expected.json the way the corpus README says: one expected
// failure to at most one extracted failure (maximum bipartite matching, preferring pairs whose test and
// message agree), file by suffix, line equal unless expected null, `alt` locations, message for file-null.
import stripAnsi from "strip-ansi";
import { z } from "zod";

const location = z.object({ file: z.string().nullable(), line: z.number().nullable() });
export const expectedCase = z.object({
  tool: z.string(),
  kind: z.string(),
  failures: z.array(
    location.extend({
      test: z.string().nullable(),
      message: z.string().nullable(),
      alt: z.array(location).optional(),
    }),
  ),
});
export type ExpectedCase = z.infer<typeof expectedCase>;

export const extractedFailure = z.object({
  tool: z.string(),
  kind: z.string(),
  file: z.string().nullable(),
  line: z.number().nullable(),
  test: z.string().nullable(),
  message: z.string().nullable(),
});
export type ExtractedFailure = z.infer<typeof extractedFailure>;

export interface CaseScore {
  expected: number;
  extracted: number;
  matched: number;
  testsExpected: number;
  testsMatched: number;
  messagesExpected: number;
  messagesMatched: number;
  toolOk: boolean;
  kindOk: boolean;
  predictedTool: string | null;
}

const ALIASES: Record<string, string> = {
  node: "nodetest",
  nodetest: "nodetest",
  "node --test": "nodetest",
  cargo: "cargotest",
  go: "gotest",
  vet: "govet",
  mvn: "maven",
  surefire: "maven",
  javac: "maven",
  typescript: "tsc",
};

export function toolName(name: string): string {
  const lower = name.toLowerCase();
  const alias = ALIASES[lower];
  const plain = lower.replace(/[^a-z0-9]/g, "");
  return alias ?? ALIASES[plain] ?? plain;
}

const cleanPath = (p: string) =>
  p
    .replace(/\\/g, "/")
    .replace(/^file:\/\//, "")
    .replace(/^(\.\/)+/, "");
const squash = (t: string) => stripAnsi(t).replace(/\s+/g, " ").trim().toLowerCase();

function locationMatches(
  got: ExtractedFailure,
  want: { file: string | null; line: number | null },
  message: string | null,
): boolean {
  if (want.file === null)
    return message !== null && got.message !== null && squash(got.message).includes(squash(message));
  if (got.file === null) return false;
  const file = cleanPath(got.file);
  const fileOk = file === want.file || file.endsWith(`/${want.file}`);
  return fileOk && (want.line === null || got.line === want.line);
}

function pairMatches(got: ExtractedFailure, want: ExpectedCase["failures"][number]): boolean {
  return [want, ...(want.alt ?? [])].some((loc) => locationMatches(got, loc, want.message));
}

const testAgrees = (got: ExtractedFailure, want: ExpectedCase["failures"][number]) =>
  want.test === null ||
  (got.test !== null &&
    (squash(got.test).includes(squash(want.test)) || squash(want.test).includes(squash(got.test))));
const messageAgrees = (got: ExtractedFailure, want: ExpectedCase["failures"][number]) =>
  want.message === null ||
  (got.message !== null && got.message.toLowerCase().includes(want.message.toLowerCase()));

export function scoreCase(expected: ExpectedCase, got: readonly ExtractedFailure[]): CaseScore {
  const edges = expected.failures.map((want) =>
    got
      .map((g, index) => ({
        index,
        rank: (testAgrees(g, want) ? 0 : 2) + (messageAgrees(g, want) ? 0 : 1),
        ok: pairMatches(g, want),
      }))
      .filter((e) => e.ok)
      .sort((a, b) => a.rank - b.rank)
      .map((e) => e.index),
  );
  const owner = new Array<number>(got.length).fill(-1);
  const tryAssign = (w: number, seen: Set<number>): boolean => {
    for (const g of edges[w] ?? []) {
      if (seen.has(g)) continue;
      seen.add(g);
      if (owner[g] === -1 || tryAssign(owner[g] ?? -1, seen)) {
        owner[g] = w;
        return true;
      }
    }
    return false;
  };
  expected.failures.forEach((_, w) => tryAssign(w, new Set()));
  const score: CaseScore = {
    expected: expected.failures.length,
    extracted: got.length,
    matched: 0,
    testsExpected: 0,
    testsMatched: 0,
    messagesExpected: 0,
    messagesMatched: 0,
    toolOk: false,
    kindOk: false,
    predictedTool: null,
  };
  expected.failures.forEach((want) => {
    if (want.test !== null) score.testsExpected++;
    if (want.message !== null) score.messagesExpected++;
  });
  owner.forEach((w, g) => {
    const want = expected.failures[w];
    const pick = got[g];
    if (!want || !pick) return;
    score.matched++;
    if (want.test !== null && testAgrees(pick, want)) score.testsMatched++;
    if (want.message !== null && messageAgrees(pick, want)) score.messagesMatched++;
  });
  score.predictedTool = mostCommon(got.map((g) => g.tool));
  if (expected.failures.length === 0 && got.length === 0) {
    // A clean log names no tool; there is nothing to get wrong.
    return { ...score, toolOk: true, kindOk: true };
  }
  score.toolOk = score.predictedTool !== null && toolName(score.predictedTool) === toolName(expected.tool);
  const kind = mostCommon(got.map((g) => g.kind));
  score.kindOk = kind !== null && kind === expected.kind;
  return score;
}

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [v, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = v;
  return best;
}

export function sumScores(scores: readonly CaseScore[]) {
  const sum = (key: keyof CaseScore) => scores.reduce((n, s) => n + Number(s[key]), 0);
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  return {
    cases: scores.length,
    recall: ratio(sum("matched"), sum("expected")),
    precision: ratio(sum("matched"), sum("extracted")),
    testRecall: ratio(sum("testsMatched"), sum("testsExpected")),
    messageRecall: ratio(sum("messagesMatched"), sum("messagesExpected")),
    toolAccuracy: ratio(sum("toolOk"), scores.length),
    kindAccuracy: ratio(sum("kindOk"), scores.length),
  };
}
