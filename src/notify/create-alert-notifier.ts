// The alerting loop of the App: runs record alerts as they end; a timer plans messages from the
// pending alerts and delivers the outbox. Both halves are persisted, so a restart picks up where the
// previous process stopped.
import { createHash } from "node:crypto";
import type { Logger } from "../logger.ts";
import { alertCause, type AlertEvent } from "./alert-event.ts";
import type { AlertChannel } from "./alert-channels-from-env.ts";
import type { AlertOutbox } from "./alert-outbox.ts";
import type { AlertPolicy } from "./alert-policy.ts";
import { deliverAlertOutbox } from "./deliver-alert-outbox.ts";
import { planAlertMessages } from "./plan-alert-messages.ts";
import { renderAlertMessages } from "./render-alert-message.ts";

/** A repository's choice of channels and the alert kinds each wants (its `notify:` config). */
export interface AlertSubscription {
  policy: AlertPolicy;
  channels: { name: string; events: readonly string[] }[];
}

export interface AlertNotifier {
  /** Records the alert for every subscribed, configured channel; returns the channels it went to. */
  record(event: AlertEvent, subscription: AlertSubscription): Promise<string[]>;
  /** Plans due messages and delivers the outbox once. */
  tick(): Promise<{ planned: number; sent: number; failed: number }>;
  /** Ticks every `intervalMs` until stopped; a failed tick is logged and the next one tries again. */
  start(intervalMs: number): () => void;
}

export interface AlertNotifierDeps {
  outbox: AlertOutbox;
  channels: Map<string, AlertChannel>;
  now: () => Date;
  log: Pick<Logger, "warn" | "error" | "info">;
}

const dayMs = 86_400_000;

export function createAlertNotifier(deps: AlertNotifierDeps): AlertNotifier {
  async function record(event: AlertEvent, subscription: AlertSubscription): Promise<string[]> {
    const targets = subscription.channels.filter((c) => c.events.includes(event.kind));
    const recorded: string[] = [];
    for (const target of targets) {
      const name = target.name.toLowerCase();
      if (!deps.channels.has(name)) {
        deps.log.warn(
          { channel: name },
          `alert channel "${name}" is not configured: set XIHE_NOTIFY_${name.toUpperCase()}`,
        );
        continue;
      }
      await deps.outbox.addAlert({
        channel: name,
        cause: alertCause(event),
        event,
        policy: subscription.policy,
      });
      recorded.push(name);
    }
    return recorded;
  }

  async function plan(): Promise<number> {
    const now = deps.now();
    const pending = await deps.outbox.pendingAlerts();
    if (pending.length === 0) return 0;
    const history = await deps.outbox.plannedSince(new Date(now.getTime() - dayMs).toISOString());
    const alertPlan = planAlertMessages(pending, history, now);
    const messages = alertPlan.messages.flatMap((m) => {
      const channel = deps.channels.get(m.channel);
      if (!channel) return [];
      const bodies = renderAlertMessages(channel, m.groups, m.language);
      const baseId = messageId(m.channel, m.seqs);
      // Every part of a split message carries the same alerts' seqs; its id says which part it is.
      return bodies.map((body, i) => ({
        id: bodies.length === 1 ? baseId : `${baseId}-${i + 1}`,
        channel: m.channel,
        body,
        seqs: m.seqs,
      }));
    });
    await deps.outbox.commitPlan(alertPlan, messages, now.toISOString());
    return messages.length;
  }

  async function tick() {
    const planned = await plan();
    const delivered = await deliverAlertOutbox(deps);
    return { planned, ...delivered };
  }

  function start(intervalMs: number): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      tick()
        .catch((err: unknown) => deps.log.error({ err }, "alert delivery tick failed; the next tick retries"))
        .finally(() => (running = false));
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { record, tick, start };
}

function messageId(channel: string, seqs: number[]): string {
  const hash = createHash("sha256").update(`${channel}:${[...seqs].sort((a, b) => a - b).join(",")}`);
  return `alert-${hash.digest("hex").slice(0, 24)}`;
}
