// An aggregated alert as a Slack incoming-webhook payload (Block Kit), with `text` as the
// notification fallback Slack shows where blocks can't be.
import type { AlertEvent } from "./alert-event.ts";
import { latestOf, runsOf, type AlertGroup } from "./alert-group.ts";
import { wording, type AlertLanguage } from "./alert-templates.ts";
import { forSlack, oneLine, safeUrl } from "./neutralise-alert-text.ts";
import { renderAlertText } from "./render-alert-text.ts";

type Block =
  | { type: "header"; text: { type: "plain_text"; text: string } }
  | { type: "section"; text: { type: "mrkdwn"; text: string } }
  | { type: "divider" };

export interface SlackPayload {
  text: string;
  blocks: Block[];
}

export function renderAlertSlack(groups: AlertGroup[], language: AlertLanguage): SlackPayload {
  const blocks = groups.flatMap((g, i) => [
    ...(i > 0 ? [{ type: "divider" } as const] : []),
    ...renderGroup(g, language),
  ]);
  return { text: oneLine(renderAlertText(groups, language, "plain"), 3000), blocks };
}

function renderGroup(group: AlertGroup, language: AlertLanguage): Block[] {
  const w = wording[language];
  const last = latestOf(group);
  const runs = runsOf(group);
  const fields = [
    `*${w.why}${w.colon.trim()}* ${forSlack(last.failureClass, 60)} — ${forSlack(last.summary)}`,
    ...(last.stage
      ? [
          `*${w.stageLabel}${w.colon.trim()}* ${forSlack(w.stage(last.stage.index, last.stage.total, last.stage.name), 80)}`,
        ]
      : []),
    `*${w.retriesLabel}${w.colon.trim()}* ${w.retries(last.retries)}`,
    ...(last.toolChain.length > 0
      ? [`*${w.steps}${w.colon.trim()}* ${forSlack(last.toolChain.join(" → "), 400)}`]
      : []),
    `*${w.todo}${w.colon.trim()}* ${w.suggestion[last.suggestion]}`,
  ];
  return [
    {
      type: "header",
      text: { type: "plain_text", text: oneLine(w.title(last.kind, runs.length, last.repo), 150) },
    },
    { type: "section", text: { type: "mrkdwn", text: fields.join("\n") } },
    {
      type: "section",
      text: {
        type: "mrkdwn",
        text: `*${w.runs}${w.colon.trim()}*\n${runs.map((e) => runLine(e, language)).join("\n")}`,
      },
    },
  ];
}

function runLine(event: AlertEvent, language: AlertLanguage): string {
  const w = wording[language];
  const pr = safeUrl(event.links.pr);
  const trace = safeUrl(event.links.trace);
  const name = forSlack(event.runName, 80);
  const head = pr ? `<${pr}|${name}>` : name;
  const traceText = trace ? ` <${trace}|${w.trace}>` : "";
  return `• ${head} (${forSlack(event.runId, 40)}, ${w.by} ${forSlack(event.triggeredBy, 40)})${traceText}`;
}
