// Why an install step failed, in words a person can act on. A lockfile that no longer matches its
// manifest is the repository's problem to fix (never papered over with a silent `npm install`); a
// blocked host names the setting that would allow it.
export type InstallFailureCode =
  "lockfile_out_of_sync" | "registry_blocked" | "install_timed_out" | "disk_full" | "install_failed";

const outOfSync =
  /can only install packages when your package\.json and (?:package-lock\.json|npm-shrinkwrap\.json)[^\n]* are in sync|ERR_PNPM_OUTDATED_LOCKFILE|Your lockfile needs to be updated|YN0028|The lockfile would have been modified|poetry\.lock is not consistent|lockfile needs to be updated, but `--frozen`|uv\.lock` needs to be updated/;

// Node, npm, pip and cargo all print the errno name or its strerror text when a write fails.
const diskFull = /\bENOSPC\b|No space left on device|Disk quota exceeded|\bEDQUOT\b/;

export interface InstallFailure {
  code: InstallFailureCode;
  reason: string;
}

export function classifyInstallFailure(input: {
  command: string;
  exitCode: number | null;
  timedOut: boolean;
  output: string;
  blocked: readonly string[];
}): InstallFailure {
  const { command } = input;
  if (outOfSync.test(input.output))
    return {
      code: "lockfile_out_of_sync",
      reason: `the lockfile does not match its manifest (\`${command}\` refused to install). Update the lockfile locally (e.g. \`npm install\`), commit it, and run again; Xihe never rewrites a lockfile to make an install pass`,
    };
  if (input.blocked.length > 0)
    return {
      code: "registry_blocked",
      reason: `\`${command}\` tried to reach host(s) that are not allowed registries (${input.blocked.map((b) => `blocked: ${b}`).join(", ")}); if a host is a real registry, add its URL to sandbox.registries in .github/xihe.yml on the default branch`,
    };
  if (input.timedOut)
    return {
      code: "install_timed_out",
      reason: `\`${command}\` did not finish within the command timeout; raise sandbox.command_timeout_seconds or make the install smaller`,
    };
  if (diskFull.test(input.output))
    return {
      code: "disk_full",
      reason: `the disk filled up during \`${command}\` (no space left on device); free space on the disk that holds the checkout (for the App: XIHE_WORK_DIR) or make the install smaller, then run again`,
    };
  return {
    code: "install_failed",
    reason: `\`${command}\` exited ${input.exitCode ?? "by a signal"}; the dependencies could not be installed, so the failing commands cannot be reproduced`,
  };
}
