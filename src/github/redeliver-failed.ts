// Missed-delivery recovery (issue 19): GitHub never redelivers a webhook on its own, so a delivery
// Xihe did not answer in time (down, restarting, unreachable) would be lost. One pass lists the
// App's recent deliveries (app JWT, cursor pages), and asks GitHub to redeliver each delivery GUID
// whose every attempt failed, that Xihe never recorded, and that it has not asked for before.
import { z } from "zod";
import type { Logger } from "../logger.ts";
import type { Store } from "../store/store.ts";
import type { GitHubClient } from "./github-client.ts";

/** GitHub accepts redelivery requests for three days; ask only well inside that window. */
const redeliverableMs = 71 * 60 * 60 * 1000;

const hookDelivery = z.object({
  id: z.number(),
  guid: z.string(),
  delivered_at: z.string(),
  redelivery: z.boolean(),
  status: z.string(),
  status_code: z.number(),
  event: z.string(),
  action: z.string().nullable().optional(),
});
type HookDelivery = z.infer<typeof hookDelivery>;

export interface RedeliverOptions {
  appOctokit: () => Promise<GitHubClient>;
  store: Store;
  log: Logger;
  now: () => Date;
  /** At most this many redelivery requests per pass. */
  maxPerPass: number;
  perPage: number;
  maxPages: number;
}

export interface RedeliveryReport {
  listed: number;
  requested: string[];
}

export async function redeliverFailed(o: RedeliverOptions): Promise<RedeliveryReport> {
  const octokit = await o.appOctokit();
  const oldest = o.now().getTime() - redeliverableMs;
  const attempts = await listRecentDeliveries(octokit, o, oldest);
  const requested: string[] = [];
  for (const d of await candidates(attempts, o.store)) {
    if (requested.length >= o.maxPerPass) {
      o.log.info({ maxPerPass: o.maxPerPass }, "more failed deliveries wait for the next recovery pass");
      break;
    }
    await octokit.request("POST /app/hook/deliveries/{delivery_id}/attempts", { delivery_id: d.id });
    await o.store.recordRedeliveryRequest({
      guid: d.guid,
      deliveryId: d.id,
      requestedAt: o.now().toISOString(),
    });
    o.log.info(
      { guid: d.guid, deliveryId: d.id, event: d.event, statusCode: d.status_code },
      "asked GitHub to redeliver a failed webhook delivery",
    );
    requested.push(d.guid);
  }
  return { listed: attempts.length, requested };
}

async function listRecentDeliveries(
  octokit: GitHubClient,
  o: RedeliverOptions,
  oldestMs: number,
): Promise<HookDelivery[]> {
  const out: HookDelivery[] = [];
  let pages = 0;
  const pagesOf = octokit.paginate.iterator("GET /app/hook/deliveries", { per_page: o.perPage });
  for await (const page of pagesOf) {
    const batch = z.array(hookDelivery).parse(page.data);
    out.push(...batch.filter((d) => Date.parse(d.delivered_at) >= oldestMs));
    // Newest first: once a page reaches past the window, later pages are older still.
    if (++pages >= o.maxPages || batch.some((d) => Date.parse(d.delivered_at) < oldestMs)) break;
  }
  return out;
}

/** The newest failed attempt of each GUID that never succeeded and is not known to Xihe. */
async function candidates(attempts: HookDelivery[], store: Store): Promise<HookDelivery[]> {
  const byGuid = new Map<string, HookDelivery[]>();
  for (const d of attempts) byGuid.set(d.guid, [...(byGuid.get(d.guid) ?? []), d]);
  const out: HookDelivery[] = [];
  for (const [guid, tries] of byGuid) {
    if (tries.some((d) => !failed(d))) continue;
    if ((await store.hasDelivery(guid)) || (await store.hasRedeliveryRequest(guid))) continue;
    out.push(tries[0]!);
  }
  return out;
}

/** Not answered 2xx: an error status, or 0 when GitHub got no answer at all (timeout, refused). */
function failed(d: HookDelivery): boolean {
  return d.status_code < 200 || d.status_code >= 300;
}
