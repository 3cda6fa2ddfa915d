// A repository's `notify:` config as the notifier's subscription and policy.
import type { RepoConfig } from "../config.ts";
import type { AlertSubscription } from "./create-alert-notifier.ts";

export function alertSubscription(notify: RepoConfig["notify"]): AlertSubscription {
  return {
    channels: notify.channels.map((c) => ({ name: c.name.toLowerCase(), events: c.events })),
    policy: {
      language: notify.language,
      aggregateSeconds: notify.aggregate_seconds,
      dedupeMinutes: notify.dedupe_minutes,
      digestAfter: notify.digest_after,
      digestMinutes: notify.digest_minutes,
      quietHours: notify.quiet_hours ?? null,
    },
  };
}
