// Names of the branches Xihe pushes. Deterministic (`xihe/fix/<pr>-<short run id>`), so a retried
// run finds its own branch again, and built only from safe characters: anything that came from a
// model or a PR and is not a plain ref name is refused with `unsafe_llm_output` (threat model A24).
import { InvalidRefError, assertBranchName } from "../workspace/git/git-ref.ts";
import { DeliveryRefusal } from "./delivery-refusal.ts";

const shortIdChars = 12;

export function sideBranchName(pr: number, runId: string): string {
  if (!Number.isSafeInteger(pr) || pr < 1)
    throw new DeliveryRefusal(
      "unsafe_llm_output",
      `unsafe_llm_output: pull request number ${pr} is not a positive integer`,
    );
  const shortId = runId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .slice(0, shortIdChars);
  if (shortId === "")
    throw new DeliveryRefusal(
      "unsafe_llm_output",
      `unsafe_llm_output: run id ${JSON.stringify(runId)} has no usable characters`,
    );
  return `${sideBranchPrefix(pr)}${shortId}`;
}

/** Every side branch of one pull request starts with this (cleanup deletes by it). */
export function sideBranchPrefix(pr: number): string {
  return `xihe/fix/${pr}-`;
}

/**
 * A branch name from untrusted text (a model's suggestion, a PR's head ref) that Xihe is about to
 * pass to git: only `[A-Za-z0-9._/-]` and git's own rules, else `unsafe_llm_output`.
 */
export function assertSafeBranchName(name: string): string {
  const shown = JSON.stringify(name.slice(0, 100));
  if (!/^[A-Za-z0-9._/-]+$/.test(name))
    throw new DeliveryRefusal(
      "unsafe_llm_output",
      `unsafe_llm_output: branch name ${shown} may only contain letters, digits, ".", "_", "/" and "-"`,
    );
  try {
    return assertBranchName(name);
  } catch (err) {
    if (!(err instanceof InvalidRefError)) throw err;
    throw new DeliveryRefusal(
      "unsafe_llm_output",
      `unsafe_llm_output: branch name ${shown} is not a valid git branch`,
    );
  }
}
