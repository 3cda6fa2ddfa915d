// What Xihe remembers about each suggestion review, in the store's audit log: which head and failing
// checks it answered (its key), the commands that failed, and each suggestion with its comment id.
// A push is checked against it (re-verification), and a newer review marks the older one outdated.
import { z } from "zod";
import type { Store } from "../../store/store.ts";

export const suggestReviewAction = "suggest_review";
const outdatedAction = "suggest_review_outdated";

export const suggestReviewRecord = z.object({
  key: z.string(),
  pr: z.number().int(),
  headSha: z.string(),
  runId: z.string(),
  reviewId: z.number().int(),
  url: z.string().nullable(),
  /** The commands that failed on the head and passed with the fix. */
  commands: z.array(z.string()),
  suggestions: z.array(
    z.object({
      path: z.string(),
      startLine: z.number().int(),
      line: z.number().int(),
      content: z.array(z.string()),
      commentId: z.number().int().nullable(),
    }),
  ),
});
export type SuggestReviewRecord = z.infer<typeof suggestReviewRecord>;

type AuditStore = Pick<Store, "addAudit" | "listAudit">;

export async function recordSuggestReview(
  store: AuditStore,
  at: string,
  repo: string,
  record: SuggestReviewRecord,
): Promise<void> {
  await store.addAudit({
    at,
    actor: "xihe",
    action: suggestReviewAction,
    repo,
    runId: record.runId,
    params: record,
    result: null,
  });
}

/** The PR's suggestion reviews, oldest first, one per key. */
export async function suggestReviews(
  store: AuditStore,
  repo: string,
  pr: number,
): Promise<SuggestReviewRecord[]> {
  const byKey = new Map<string, SuggestReviewRecord>();
  for (const event of await store.listAudit({ repo, limit: 10_000 })) {
    if (event.action !== suggestReviewAction) continue;
    const parsed = suggestReviewRecord.safeParse(event.params);
    if (parsed.success && parsed.data.pr === pr) byKey.set(parsed.data.key, parsed.data);
  }
  return [...byKey.values()];
}

export async function isMarkedOutdated(store: AuditStore, repo: string, key: string): Promise<boolean> {
  const events = await store.listAudit({ repo, limit: 10_000 });
  return events.some((e) => e.action === outdatedAction && e.params === key);
}

/** Recorded after the "outdated" reply was posted, so it is posted once per review. */
export async function markOutdated(store: AuditStore, at: string, repo: string, key: string): Promise<void> {
  await store.addAudit({
    at,
    actor: "xihe",
    action: outdatedAction,
    repo,
    runId: null,
    params: key,
    result: null,
  });
}
