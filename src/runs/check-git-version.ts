// Refuses to work with a git that lacks the clone-time fixes of May 2024 (threat model A38: hooks via
// symlinked submodules, CVE-2024-32002 and friends). They shipped as point releases on every line
// from 2.39 on, so "2.39.4 or newer" is not enough: 2.40.1, 2.44.0 and 2.45.0 are newer and unpatched.
import semver from "semver";
import { XiheError } from "../errors.ts";

/** The first patched release of each maintained line, and everything from 2.45.1 on. */
export const patchedGit =
  ">=2.39.4 <2.40.0 || >=2.40.2 <2.41.0 || >=2.41.1 <2.42.0 || >=2.42.2 <2.43.0 || " +
  ">=2.43.4 <2.44.0 || >=2.44.1 <2.45.0 || >=2.45.1";

export class GitTooOldError extends XiheError {
  readonly code = "git_too_old";
}

/** Takes the output of `git --version`; throws `git_too_old:<version>` unless it is a patched release. */
export function checkGitVersion(versionOutput: string): string {
  const match = /git version (\d+)\.(\d+)\.(\d+)/.exec(versionOutput);
  if (!match)
    throw new GitTooOldError(`git_too_old:unknown (could not read "${versionOutput.trim().slice(0, 80)}")`);
  const version = `${Number(match[1])}.${Number(match[2])}.${Number(match[3])}`;
  if (semver.satisfies(version, patchedGit)) return version;
  throw new GitTooOldError(
    `git_too_old:${version} (need a patched release: 2.39.4+, 2.40.2+, 2.41.1+, 2.42.2+, 2.43.4+, 2.44.1+ or 2.45.1+; upgrade git on this worker)`,
  );
}
