// What a fix changed, read from git in the workspace: files with +/− lines, and the change's risk
// score and test-weakening findings from the agent's own scorer (the same one the validator uses).
import { scoreChangeRisk } from "../../agent/loop/score-change-risk.ts";
import type { DeliveryGit } from "../../delivery/delivery-git.ts";
import type { FixReport } from "../../delivery/fix-report.ts";
import { z } from "zod";

/** Stored as the `describe:change` step, so a resumed run (without the loop's commits) reads it back. */
export const describedChange = z
  .object({
    files: z.array(z.object({ path: z.string(), added: z.number(), removed: z.number() })),
    riskScore: z.number(),
    riskLevel: z.enum(["low", "medium", "high"]),
    riskReasons: z.array(z.string()),
    testWeakening: z.array(z.object({ path: z.string(), kind: z.string(), detail: z.string() })),
  })
  .nullable() satisfies z.ZodType<FixReport["change"]>;

export async function describeChange(
  git: DeliveryGit,
  base: string,
  head: string,
): Promise<FixReport["change"]> {
  const numstat = await git(["diff", "--numstat", "--no-renames", "-z", base, head, "--"]);
  const files = numstat
    .split("\0")
    .filter((entry) => entry !== "")
    .map((entry) => {
      const [added = "0", removed = "0", ...rest] = entry.split("\t");
      return { path: rest.join("\t"), added: Number(added) || 0, removed: Number(removed) || 0 };
    });
  if (files.length === 0) return null;
  const show = (rev: string, path: string) => git(["show", `${rev}:${path}`]).catch(() => null);
  const changes = [];
  for (const f of files)
    changes.push({ path: f.path, before: await show(base, f.path), after: await show(head, f.path) });
  const risk = scoreChangeRisk(changes);
  return {
    files,
    riskScore: risk.score,
    riskLevel: risk.level,
    riskReasons: risk.reasons,
    testWeakening: risk.weakening.map((w) => ({ path: w.path, kind: w.kind, detail: w.detail })),
  };
}
