// An aggregated alert as WeCom markdown or plain text (WeCom `text`, the webhook's `text` field).
// Each line is a template label and neutralised parameters (neutralise-alert-text.ts).
import type { AlertEvent } from "./alert-event.ts";
import { latestOf, runsOf, type AlertGroup } from "./alert-group.ts";
import { wording, type AlertLanguage } from "./alert-templates.ts";
import { forWecom, oneLine, safeUrl } from "./neutralise-alert-text.ts";

export type TextFlavour = "markdown" | "plain";

export function renderAlertText(groups: AlertGroup[], language: AlertLanguage, flavour: TextFlavour): string {
  return groups.map((g) => renderGroup(g, language, flavour)).join("\n\n");
}

function renderGroup(group: AlertGroup, language: AlertLanguage, flavour: TextFlavour): string {
  const w = wording[language];
  const md = flavour === "markdown";
  const esc = (text: string, max?: number) => (md ? forWecom(text, max) : oneLine(text, max ?? 300));
  const label = (text: string) => (md ? `**${text}${w.colon.trim()}** ` : `${text}${w.colon}`);
  const last = latestOf(group);
  const runs = runsOf(group);
  const lines = [
    md
      ? `### ${esc(w.title(last.kind, runs.length, last.repo), 200)}`
      : w.title(last.kind, runs.length, last.repo),
    `${label(w.why)}${esc(last.failureClass, 60)} — ${esc(last.summary)}`,
  ];
  if (last.stage)
    lines.push(
      `${label(w.stageLabel)}${esc(w.stage(last.stage.index, last.stage.total, last.stage.name), 80)}`,
    );
  lines.push(`${label(w.retriesLabel)}${w.retries(last.retries)}`);
  if (last.toolChain.length > 0) lines.push(`${label(w.steps)}${esc(last.toolChain.join(" → "), 400)}`);
  lines.push(`${label(w.runs)}${runs.map((e) => renderRun(e, language, flavour)).join("; ")}`);
  lines.push(`${label(w.todo)}${w.suggestion[last.suggestion]}`);
  return lines.join("\n");
}

function renderRun(event: AlertEvent, language: AlertLanguage, flavour: TextFlavour): string {
  const w = wording[language];
  const md = flavour === "markdown";
  const name = md ? forWecom(event.runName, 80) : oneLine(event.runName, 80);
  const by = md ? forWecom(event.triggeredBy, 40) : oneLine(event.triggeredBy, 40);
  const pr = safeUrl(event.links.pr);
  const trace = safeUrl(event.links.trace);
  const head = md && pr ? `[${name}](${pr})` : pr ? `${name} ${pr}` : name;
  const traceText = trace ? (md ? ` [${w.trace}](${trace})` : ` ${w.trace} ${trace}`) : "";
  return `${head} (${oneLine(event.runId, 40)}, ${w.by} ${by})${traceText}`;
}
