// After a push: did its commits come from GitHub's "Commit suggestion" on Xihe's review (they carry
// the co-author trailer naming the suggestion's author, the App), and what became of each
// suggestion between the reviewed head and the new one (read with git in the new head's checkout).
import type { DeliveryGit } from "../../delivery/delivery-git.ts";
import { followSuggestion, type SuggestionFate } from "../../delivery/suggest/follow-suggestion.ts";
import { parseUnifiedDiff } from "../../delivery/suggest/parse-unified-diff.ts";
import { shownLines } from "../../delivery/suggest/read-fix-files.ts";
import type { SuggestReviewRecord } from "../../delivery/suggest/suggest-review-record.ts";

/** True when a commit between the two heads names the App as co-author (GitHub's suggestion commits do). */
export async function pushAppliedSuggestions(
  git: DeliveryGit,
  range: { from: string; to: string },
  bot: { name: string; email: string },
): Promise<boolean> {
  const messages = await git(["log", "--format=%B", `${range.from}..${range.to}`, "--"]);
  const email = bot.email.toLowerCase();
  return messages
    .split("\n")
    .map((line) => /^co-authored-by:\s*(.*?)\s*<([^>]+)>\s*$/i.exec(line.trim()))
    .some((m) => m !== null && (m[2]!.toLowerCase() === email || m[1] === bot.name));
}

export async function followPushedSuggestions(
  git: DeliveryGit,
  review: SuggestReviewRecord,
  newHead: string,
): Promise<{ suggestion: SuggestReviewRecord["suggestions"][number]; fate: SuggestionFate }[]> {
  const out = [];
  for (const suggestion of review.suggestions) {
    const show = (rev: string) => git(["show", `${rev}:${suggestion.path}`]).then(shownLines, () => null);
    const [oldLines, newLines] = [await show(review.headSha), await show(newHead)];
    if (oldLines === null || newLines === null) {
      out.push({ suggestion, fate: { state: "changed" as const } });
      continue;
    }
    const diff = await git([
      "diff",
      "--no-color",
      "--no-ext-diff",
      "--unified=0",
      review.headSha,
      newHead,
      "--",
      suggestion.path,
    ]);
    out.push({
      suggestion,
      fate: followSuggestion(suggestion, { oldLines, newLines, hunks: parseUnifiedDiff(diff) }),
    });
  }
  return out;
}
