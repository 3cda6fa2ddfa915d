// The fix as `git format-patch` text, for a fork PR where Xihe cannot open a PR against the head
// branch: the maintainer (or the contributor) can `git am` it. Capped so the comment stays small.
import { assertCommitSha } from "../workspace/git/git-ref.ts";
import type { DeliveryGit } from "./delivery-git.ts";

export type FixPatch = { text: string; truncated: boolean; bytes: number };

export const defaultPatchMaxBytes = 20_000;

export async function formatFixPatch(
  git: DeliveryGit,
  range: { base: string; head: string; maxBytes?: number },
): Promise<FixPatch> {
  const base = assertCommitSha(range.base);
  const head = assertCommitSha(range.head);
  const text = await git([
    "-c",
    "core.quotePath=false",
    "format-patch",
    "--stdout",
    "--no-color",
    "--no-signature",
    "--no-ext-diff",
    "--no-textconv",
    `${base}..${head}`,
    "--",
  ]);
  const maxBytes = range.maxBytes ?? defaultPatchMaxBytes;
  const bytes = Buffer.byteLength(text);
  if (bytes <= maxBytes) return { text, truncated: false, bytes };
  // Cut at a line end so the visible part is whole lines; the comment says it was cut.
  const cut = Buffer.from(text).subarray(0, maxBytes).toString("utf8");
  return { text: cut.slice(0, Math.max(0, cut.lastIndexOf("\n") + 1)), truncated: true, bytes };
}
