// Refuses to work with a git older than the patched minimum (THREATS A38): clone-time CVEs
// (hooks via symlinked submodules, 2024) are fixed in 2.39.4 on the 2.39 line and 2.45.1 upstream.
import { XiheError } from "../errors.ts";

export const minimumGit = [2, 39, 4] as const;

export class GitTooOldError extends XiheError {
  readonly code = "git_too_old";
}

/** Takes the output of `git --version`; throws `git_too_old:<version>` below the minimum. */
export function checkGitVersion(versionOutput: string): string {
  const match = /git version (\d+)\.(\d+)\.(\d+)/.exec(versionOutput);
  if (!match)
    throw new GitTooOldError(`git_too_old:unknown (could not read "${versionOutput.trim().slice(0, 80)}")`);
  const found = [Number(match[1]), Number(match[2]), Number(match[3])];
  const version = found.join(".");
  for (let i = 0; i < 3; i++) {
    if (found[i]! > minimumGit[i]!) return version;
    if (found[i]! < minimumGit[i]!)
      throw new GitTooOldError(
        `git_too_old:${version} (need ${minimumGit.join(".")} or newer; upgrade git on this worker)`,
      );
  }
  return version;
}
