// The body a channel receives for a set of alert groups, split into as many messages as the
// channel's size limit needs (WeCom: 4096 bytes of markdown). Splitting never drops a run: a group
// too large for one message is cut into halves that keep its cause.
import type { AlertChannel } from "./alert-channels-from-env.ts";
import { runsOf, type AlertGroup } from "./alert-group.ts";
import type { AlertLanguage } from "./alert-templates.ts";
import { renderAlertSlack } from "./render-alert-slack.ts";
import { renderAlertText } from "./render-alert-text.ts";

const wecomMarkdownBytes = 4096;
const slackBlocksLimit = 50;
const webhookBytes = 256 * 1024;

export function renderAlertMessages(
  channel: Pick<AlertChannel, "type">,
  groups: AlertGroup[],
  language: AlertLanguage,
): unknown[] {
  const body = renderBody(channel, groups, language);
  if (fits(channel, body) || (groups.length === 1 && groups[0]!.events.length === 1)) return [body];
  const [left, right] = halve(groups);
  return [...renderAlertMessages(channel, left, language), ...renderAlertMessages(channel, right, language)];
}

function renderBody(channel: Pick<AlertChannel, "type">, groups: AlertGroup[], language: AlertLanguage) {
  if (channel.type === "wecom")
    return { msgtype: "markdown", markdown: { content: renderAlertText(groups, language, "markdown") } };
  if (channel.type === "slack") return renderAlertSlack(groups, language);
  return {
    language,
    text: renderAlertText(groups, language, "plain"),
    groups: groups.map((g) => ({ cause: g.cause, runs: runsOf(g).map((e) => e.runId), events: g.events })),
  };
}

function fits(channel: Pick<AlertChannel, "type">, body: unknown): boolean {
  if (channel.type === "wecom") {
    const content = (body as { markdown: { content: string } }).markdown.content;
    return Buffer.byteLength(content) <= wecomMarkdownBytes;
  }
  if (channel.type === "slack") {
    const payload = body as { blocks: unknown[]; text: string };
    return payload.blocks.length <= slackBlocksLimit && JSON.stringify(payload).length <= 40_000;
  }
  return Buffer.byteLength(JSON.stringify(body)) <= webhookBytes;
}

function halve(groups: AlertGroup[]): [AlertGroup[], AlertGroup[]] {
  if (groups.length > 1) {
    const mid = Math.ceil(groups.length / 2);
    return [groups.slice(0, mid), groups.slice(mid)];
  }
  const only = groups[0]!;
  const runIds = [...new Set(only.events.map((e) => e.runId))];
  const firstHalf = new Set(runIds.slice(0, Math.ceil(runIds.length / 2)));
  if (runIds.length === 1) {
    const mid = Math.ceil(only.events.length / 2);
    return [[{ ...only, events: only.events.slice(0, mid) }], [{ ...only, events: only.events.slice(mid) }]];
  }
  return [
    [{ ...only, events: only.events.filter((e) => firstHalf.has(e.runId)) }],
    [{ ...only, events: only.events.filter((e) => !firstHalf.has(e.runId)) }],
  ];
}
