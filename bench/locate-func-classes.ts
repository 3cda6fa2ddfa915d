// Why the faulty function is not first when its file is: every task of a static dump
// (locate-dump-static.ts) whose file is ranked first and whose function is not, classified by how the
// first function relates to the faulty one (the entry the failing test calls over a helper it runs, a
// callee over its caller, neither calling the other, one enclosing the other) and by the signal that
// gives the first function its largest lead over the faulty one:
//   node bin/run-ts.js bench/locate-func-classes.ts --dumps DUMP[,DUMP...] [--show]
// Ranks are computed from the dumped strengths as rankSuspects does (weights, damping, path prior).
import { readFileSync } from "node:fs";
import { defaultSignalWeights, framedLexicalDamping } from "../src/understanding/localize/combine-signals.ts";
import { DAMPED_WHEN_FRAMED } from "../src/understanding/localize/localize.ts";
import type { SignalName } from "../src/understanding/localize/localize-signal.ts";
import { flag } from "./bench-args.ts";

interface Candidate {
  id: string;
  file: string;
  q: string;
  start: number;
  end: number;
  prior: number;
  sig: Partial<Record<SignalName, number>>;
  callees: string[];
}
interface Task {
  set: string;
  id: string;
  truth: { file: string; line: number };
  framed: boolean;
  cands: Candidate[];
}

const dumps = (flag("dumps") ?? "").split(",").filter(Boolean);
if (dumps.length === 0) {
  console.error("give --dumps FILE[,FILE...] (written by locate-dump-static.ts)");
  process.exit(2);
}
const tasks = new Map<string, Task>();
for (const file of dumps)
  for (const line of readFileSync(file, "utf8").split("\n"))
    if (line.trim()) {
      const t = JSON.parse(line) as Task;
      if (!tasks.has(t.id)) tasks.set(t.id, t);
    }

/** Each signal's weighted share of a candidate's score. */
function parts(c: Candidate, framed: boolean): Map<SignalName, number> {
  const out = new Map<SignalName, number>();
  for (const [name, strength] of Object.entries(c.sig) as [SignalName, number][]) {
    const damped = framed && (DAMPED_WHEN_FRAMED as readonly string[]).includes(name);
    const weight = defaultSignalWeights[name] * (damped ? framedLexicalDamping : 1);
    if (weight > 0) out.set(name, weight * strength * c.prior);
  }
  return out;
}

const sum = (m: Map<SignalName, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const holds = (c: Candidate, t: Task) =>
  c.file === t.truth.file && c.start <= t.truth.line && t.truth.line <= c.end;

/** Whether `to` is among what `from` calls, directly or not, within the dumped candidates. */
function reaches(t: Task, from: Candidate, to: string): boolean {
  const byId = new Map(t.cands.map((c) => [c.id, c]));
  const seen = new Set<string>([from.id]);
  const queue = [...from.callees];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(byId.get(id)?.callees ?? []));
  }
  return false;
}

const relations = new Map<string, number>();
const leads = new Map<string, number>();
const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
let fileFirst = 0;
let missed = 0;
for (const t of tasks.values()) {
  // rankSuspects' order: rounded score, then the raw score, then id.
  const ranked = t.cands
    .map((c) => ({ c, raw: sum(parts(c, t.framed)) / c.prior }))
    .map((x) => ({ ...x, score: Number((x.raw * x.c.prior).toFixed(4)) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || b.raw - a.raw || (a.c.id < b.c.id ? -1 : 1))
    .slice(0, 20)
    .map((x) => x.c);
  if (ranked[0]?.file !== t.truth.file) continue;
  fileFirst++;
  const top = ranked[0];
  if (holds(top, t)) continue;
  missed++;
  const funcRank = ranked.findIndex((c) => holds(c, t)) + 1 || "-";
  const truth = t.cands.filter((c) => holds(c, t)).sort((a, b) => a.end - a.start - (b.end - b.start))[0];
  let relation: string;
  let lead = "-";
  if (!truth) relation = "no signal reaches the faulty function";
  else {
    const a = parts(top, t.framed);
    const b = parts(truth, t.framed);
    const names = new Set([...a.keys(), ...b.keys()]);
    lead = [...names].sort(
      (x, y) => (b.get(x) ?? 0) - (a.get(x) ?? 0) - ((b.get(y) ?? 0) - (a.get(y) ?? 0)),
    )[0]!;
    if (top.start <= truth.start && truth.end <= top.end) relation = "first encloses the faulty one";
    else if (top.callees.includes(truth.id)) relation = "first calls the faulty one (entry over helper)";
    else if (truth.callees.includes(top.id)) relation = "the faulty one calls the first (callee over caller)";
    else if (reaches(t, top, truth.id)) relation = "first reaches the faulty one through others";
    else if (reaches(t, truth, top.id)) relation = "the faulty one reaches the first through others";
    else relation = "neither reaches the other";
  }
  const key = `${relation}, ${t.framed ? "framed" : "unframed"}`;
  count(relations, key);
  count(leads, `${key}: ${lead}`);
  if (process.argv.includes("--show"))
    console.log(
      `${t.set.padEnd(10)} ${t.id.padEnd(18)} func#${funcRank} first ${top.q}, faulty ${truth?.q ?? "-"} [${key}: ${lead}]`,
    );
}
const table = (m: Map<string, number>) =>
  [...m].sort((a, b) => b[1] - a[1]).forEach(([k, v]) => console.log(`${String(v).padStart(5)}  ${k}`));
console.log(`tasks ${tasks.size}, file first ${fileFirst}, function not first ${missed}`);
console.log("by relation of the first function to the faulty one:");
table(relations);
console.log("by relation and the signal with the first function's largest lead:");
table(leads);
