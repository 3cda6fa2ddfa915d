// The fix's files as placement needs them, read with git in the run's workspace: what happened to
// each file (name-status, binary from numstat), its -U0 hunks and its text on the PR head.
import type { DeliveryGit } from "../delivery-git.ts";
import { parseUnifiedDiff } from "./parse-unified-diff.ts";
import type { FixFile } from "./place-suggestions.ts";

const plain = ["-c", "core.quotePath=false"];
const diffFlags = ["--no-color", "--no-ext-diff", "--no-textconv", "--no-renames"];

export async function readFixFiles(git: DeliveryGit, base: string, head: string): Promise<FixFile[]> {
  const status = nulFields(
    await git([...plain, "diff", ...diffFlags, "--name-status", "-z", base, head, "--"]),
  );
  const binary = new Set(
    nulFields(await git([...plain, "diff", ...diffFlags, "--numstat", "-z", base, head, "--"]))
      .filter((entry) => entry.startsWith("-\t-\t"))
      .map((entry) => entry.slice(4)),
  );
  const files: FixFile[] = [];
  for (let i = 0; i + 1 < status.length; i += 2) {
    const code = status[i]!;
    const path = status[i + 1]!;
    const kind = binary.has(path) ? "binary" : kindOf(code);
    if (kind !== "modified") {
      files.push({ path, kind, hunks: [], headLines: [] });
      continue;
    }
    const diff = await git([...plain, "diff", ...diffFlags, "--unified=0", base, head, "--", path]);
    const headText = await git(["show", `${base}:${path}`]);
    files.push({ path, kind, hunks: parseUnifiedDiff(diff), headLines: shownLines(headText) });
  }
  return files;
}

/** A file's lines from `git show` output (the runner already dropped the final newline). */
export function shownLines(text: string): string[] {
  return text === "" ? [] : text.split("\n");
}

function kindOf(code: string): FixFile["kind"] {
  if (code === "M") return "modified";
  if (code === "A") return "added";
  if (code === "D") return "deleted";
  return "other";
}

function nulFields(text: string): string[] {
  return text.split("\0").filter((field) => field !== "");
}
