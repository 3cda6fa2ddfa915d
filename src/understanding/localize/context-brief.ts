// The token-budgeted brief for the model: system text and project overview, the goal, the current
// code (whole functions, or signature + head + tail), relations, retrieved code and history, each
// section within its share of the budget. A share a section leaves unused flows to the code sections.
import type { ProjectOverview } from "../index/project-overview.ts";
import { renderOverview } from "../index/project-overview.ts";
import type { SymbolRelations } from "../ask/symbol-relations.ts";
import { estimateTokens, fitExcerpt, type CodeExcerpt, type CountTokens } from "../ask/summarise-function.ts";

export interface BriefShares {
  system: number;
  goal: number;
  currentCode: number;
  retrieval: number;
  history: number;
}

export const defaultBriefShares: BriefShares = {
  system: 0.05,
  goal: 0.1,
  currentCode: 0.45,
  retrieval: 0.25,
  history: 0.15,
};

export interface BriefInput {
  totalTokens: number;
  shares?: Partial<BriefShares>;
  system: string;
  overview: ProjectOverview | null;
  goal: string;
  /** The suspects, best first. */
  currentCode: readonly CodeExcerpt[];
  relations: readonly SymbolRelations[];
  /** Other recalled code, best first. */
  retrieval: readonly CodeExcerpt[];
  /** Earlier turns or attempts, oldest first; the newest are kept when space runs out. */
  history: readonly string[];
  countTokens?: CountTokens;
}

export interface BriefSection {
  name: keyof BriefShares;
  text: string;
  tokens: number;
  budget: number;
  /** Excerpts or history entries left out for lack of space (never cut mid-body). */
  omitted: string[];
}

export interface ContextBrief {
  sections: BriefSection[];
  text: string;
  tokens: number;
}

export function buildContextBrief(input: BriefInput): ContextBrief {
  const count = input.countTokens ?? estimateTokens;
  const shares = normaliseShares({ ...defaultBriefShares, ...input.shares });
  const budget = (name: keyof BriefShares) => Math.floor(input.totalTokens * shares[name]);
  let spare = 0;
  const take = (
    name: keyof BriefShares,
    fill: (limit: number) => { text: string; omitted: string[] },
    extra = 0,
  ) => {
    const limit = budget(name) + extra;
    const { text, omitted } = fill(limit);
    const tokens = count(text);
    return { section: { name, text, tokens, budget: limit, omitted }, left: Math.max(0, limit - tokens) };
  };
  const systemText = [input.system, input.overview ? `Project:\n${renderOverview(input.overview)}` : ""]
    .filter(Boolean)
    .join("\n\n");
  const system = take("system", (limit) => clipText(systemText, limit, count));
  const goal = take("goal", (limit) => clipText(input.goal, limit, count));
  spare += system.left + goal.left;
  const relationsText = renderRelations(input.relations);
  const code = take(
    "currentCode",
    (limit) => fillCode(input.currentCode, relationsText, limit, count),
    spare,
  );
  const history = take("history", (limit) => fillHistory(input.history, limit, count));
  const retrieval = take(
    "retrieval",
    (limit) => fillCode(input.retrieval, "", limit, count),
    code.left + history.left,
  );
  const sections = [system.section, goal.section, code.section, retrieval.section, history.section];
  const text = sections
    .filter((s) => s.text.length > 0)
    .map((s) => `## ${titles[s.name]}\n${s.text}`)
    .join("\n\n");
  return { sections, text, tokens: count(text) };
}

const titles: Record<keyof BriefShares, string> = {
  system: "System",
  goal: "Goal",
  currentCode: "Current code",
  retrieval: "Related code",
  history: "History",
};

function normaliseShares(shares: BriefShares): BriefShares {
  const total = Object.values(shares).reduce((a, b) => a + Math.max(0, b), 0) || 1;
  const out = { ...shares };
  for (const key of Object.keys(out) as (keyof BriefShares)[]) out[key] = Math.max(0, out[key]) / total;
  return out;
}

function fillCode(excerpts: readonly CodeExcerpt[], relations: string, limit: number, count: CountTokens) {
  const parts: string[] = [];
  const omitted: string[] = [];
  let used = relations ? count(relations) + 1 : 0;
  for (const excerpt of excerpts) {
    const text = fitExcerpt(excerpt, limit - used - 1, count);
    if (text === null) {
      omitted.push(`${excerpt.file}:${excerpt.startLine}-${excerpt.endLine}`);
      continue;
    }
    parts.push(text);
    used += count(text) + 1;
  }
  if (relations && used <= limit) parts.push(relations);
  return { text: parts.join("\n\n"), omitted };
}

function fillHistory(entries: readonly string[], limit: number, count: CountTokens) {
  const kept: string[] = [];
  const omitted: string[] = [];
  let used = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i] ?? "";
    if (used + count(entry) + 1 > limit) omitted.unshift(`history #${i + 1}`);
    else {
      kept.unshift(entry);
      used += count(entry) + 1;
    }
  }
  return { text: kept.join("\n"), omitted };
}

/** Prose (system text, goal) may be cut, at a line boundary, with a marker. */
function clipText(text: string, limit: number, count: CountTokens) {
  if (count(text) <= limit) return { text, omitted: [] };
  const lines = text.split("\n");
  const kept: string[] = [];
  for (const line of lines) {
    if (count([...kept, line, "[...]"].join("\n")) > limit) break;
    kept.push(line);
  }
  return { text: [...kept, "[...]"].join("\n"), omitted: [`${lines.length - kept.length} line(s)`] };
}

function renderRelations(relations: readonly SymbolRelations[]): string {
  const lines = relations
    .filter((r) => r.callers.length > 0 || r.callees.length > 0)
    .map(
      (r) => `- ${r.symbol}: called by ${r.callers.join(", ") || "-"}; calls ${r.callees.join(", ") || "-"}`,
    );
  return lines.length > 0 ? `Relations:\n${lines.join("\n")}` : "";
}
