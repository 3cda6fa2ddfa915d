// Which repository a local checkout's ignore rules belong to. The App stores `/xihe ignore` rules by
// `owner/name`; a checkout whose `origin` is that repository on this GitHub reads and adds the same
// rules (a store the CLI shares with the App); any other checkout keys its rules by its own path.
import { realpathSync } from "node:fs";
import type { GitHubUrls } from "../../github/github-urls.ts";
import { runGitForExit } from "../../workspace/git/run-git.ts";

export async function upgradeRulesKey(root: string, github: Pick<GitHubUrls, "web">): Promise<string> {
  const { stdout, exitCode } = await runGitForExit(["config", "--get", "remote.origin.url"], {
    cwd: root,
    allowFileProtocol: false,
    okExitCodes: [0, 1], // 1: no origin
  });
  const repo = exitCode === 0 ? githubRepoOf(stdout.trim(), new URL(github.web).host) : null;
  return repo ?? realpathSync(root);
}

/** `owner/name` of an https, ssh or scp-like URL of a repository on `host`; null for anything else. */
export function githubRepoOf(url: string, host: string): string | null {
  const scp = /^[\w.-]+@([^:/]+):([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(url);
  if (scp) return scp[1]!.toLowerCase() === host.toLowerCase() ? `${scp[2]}/${scp[3]}` : null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host.toLowerCase() !== host.toLowerCase()) return null;
  const match = /^\/([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(parsed.pathname);
  return match ? `${match[1]}/${match[2]}` : null;
}
