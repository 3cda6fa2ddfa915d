// Sends due messages from the outbox, each channel within its documented rate (WeCom robots: 20
// messages a minute), retrying with backoff what the service could not take now.
import type { Logger } from "../logger.ts";
import type { AlertChannel, ChannelType } from "./alert-channels-from-env.ts";
import type { AlertOutbox } from "./alert-outbox.ts";
import { sendAlert } from "./send-alert.ts";

const perMinute: Record<ChannelType, number> = { wecom: 20, slack: 60, webhook: 60 };
const maxAttempts = 12;
const leaseMs = 60_000;

export interface DeliverDeps {
  outbox: AlertOutbox;
  channels: Map<string, AlertChannel>;
  now: () => Date;
  log: Pick<Logger, "warn" | "error" | "info">;
}

/** Sends until nothing is due or every channel with due messages is at its rate limit. */
export async function deliverAlertOutbox(deps: DeliverDeps): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const now = deps.now();
    const open = await channelsUnderLimit(deps, now);
    const message = await deps.outbox.claimDueMessage(
      now.toISOString(),
      new Date(now.getTime() + leaseMs).toISOString(),
      open,
    );
    if (!message) return { sent, failed };
    // Only configured channels are claimed: a message for a channel the operator removed waits
    // until it is configured again rather than being dropped.
    const channel = deps.channels.get(message.channel)!;
    const result = await sendAlert(channel, message.id, message.body);
    if (result.ok) {
      await deps.outbox.markSent(message.id, deps.now().toISOString());
      sent++;
      continue;
    }
    const attempts = message.attempts + 1;
    if (!result.retry || attempts >= maxAttempts) {
      deps.log.error({ messageId: message.id, channel: channel.name, attempts }, result.error);
      await deps.outbox.markFailed(message.id, result.error);
      failed++;
      continue;
    }
    const waitMs = Math.max(result.retryAfterMs ?? 0, backoffMs(attempts));
    deps.log.warn({ messageId: message.id, channel: channel.name, attempts, waitMs }, result.error);
    await deps.outbox.markRetry(message.id, {
      attempts,
      notBefore: new Date(deps.now().getTime() + waitMs).toISOString(),
      error: result.error,
    });
  }
}

async function channelsUnderLimit(deps: DeliverDeps, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - 60_000).toISOString();
  const open: string[] = [];
  for (const channel of deps.channels.values())
    if ((await deps.outbox.countSent(channel.name, since)) < perMinute[channel.type]) open.push(channel.name);
  return open;
}

function backoffMs(attempt: number): number {
  return Math.min(10 * 60_000, 5_000 * 2 ** (attempt - 1));
}
