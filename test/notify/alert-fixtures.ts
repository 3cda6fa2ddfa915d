// Alert events as runs raise them, for the notifier's tests.
import type { AlertEvent } from "../../src/notify/alert-event.ts";
import { defaultAlertPolicy, type AlertPolicy } from "../../src/notify/alert-policy.ts";
import type { AlertSubscription } from "../../src/notify/create-alert-notifier.ts";

export function alertEvent(over: Partial<AlertEvent> = {}): AlertEvent {
  return {
    kind: "run_gave_up",
    runId: "r0001",
    runName: "fix acme/api#12",
    repo: "acme/api",
    pr: 12,
    stage: { index: 5, total: 7, name: "verify" },
    failureClass: "repairs_exhausted",
    summary: "npm test still fails after 3 repair rounds: expected 3 to equal 4",
    retries: 3,
    toolChain: ["comment", "perceive", "install", "exec", "verify"],
    suggestion: "fix_by_hand",
    links: {
      pr: "https://github.com/acme/api/pull/12",
      trace: "https://github.com/acme/api/pull/12#issuecomment-1",
    },
    triggeredBy: "alice",
    at: "2026-12-03T10:00:00.000Z",
    ...over,
  };
}

export function subscription(channel: string, policy: Partial<AlertPolicy> = {}): AlertSubscription {
  return {
    channels: [{ name: channel, events: ["run_gave_up", "fix_ready", "needs_person", "workflow_failed"] }],
    policy: { ...defaultAlertPolicy, ...policy },
  };
}
