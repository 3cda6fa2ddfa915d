// Refs from a pull request (SHAs, PR numbers, branch names) are attacker-controlled text. They are
// checked here and then only ever passed as argv items after `--` (A10).
import { XiheError } from "../../errors.ts";

export class InvalidRefError extends XiheError {
  readonly code = "invalid_ref";
  constructor(what: string, value: string) {
    super(
      `invalid_ref: ${what} ${JSON.stringify(value)} is not valid; expected ${expected[what] ?? "a valid ref"}`,
    );
  }
}

const expected: Record<string, string> = {
  sha: "a full 40- or 64-character lowercase hex commit id",
  "pull request number": "a positive integer",
  branch: "a git branch name without spaces, control characters, `..`, or a leading `-`",
};

export function assertCommitSha(sha: string): string {
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(sha)) throw new InvalidRefError("sha", sha);
  return sha;
}

export function assertPullNumber(pr: number): number {
  if (!Number.isSafeInteger(pr) || pr < 1) throw new InvalidRefError("pull request number", String(pr));
  return pr;
}

/** git's check-ref-format rules for a branch, plus no leading `-` anywhere a component starts. */
export function assertBranchName(name: string): string {
  const bad =
    name === "" ||
    name.length > 255 ||
    /[\0-\x20\x7f~^:?*[\\]/.test(name) ||
    name.includes("..") ||
    name.includes("@{") ||
    name === "@" ||
    name.startsWith("/") ||
    name.endsWith("/") ||
    name.endsWith(".") ||
    name.includes("//") ||
    name.split("/").some((part) => part.startsWith("-") || part.startsWith(".") || part.endsWith(".lock"));
  if (bad) throw new InvalidRefError("branch", name);
  return name;
}
