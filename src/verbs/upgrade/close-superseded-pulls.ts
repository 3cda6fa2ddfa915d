// A newer major supersedes the open pull requests of the same package's older majors: once the new
// major's PR exists, each older one (`xihe/deps/<package>-<major>`, opened by Xihe) gets a comment
// linking the new one and is closed. One a person pushed to is theirs: it is left open.
import type { GitHubClient, RepoRef } from "../../github/github-client.ts";
import { fetchUpgradeBranch } from "./push-upgrade-branch.ts";
import type { UpdateGroup } from "./plan-updates.ts";

export interface SupersedeRequest {
  ref: RepoRef;
  group: UpdateGroup;
  /** The new major's pull request. */
  pull: { number: number; url: string };
  git: (args: readonly string[]) => Promise<string>;
  remoteUrl: string;
  baseSha: string;
  botEmail: string;
}

/** Closes the superseded pull requests; their numbers. */
export async function closeSupersededPulls(octokit: GitHubClient, req: SupersedeRequest): Promise<number[]> {
  const older = await olderMajorPulls(octokit, req);
  const closed: number[] = [];
  for (const pull of older) {
    const branch = await fetchUpgradeBranch(req.git, {
      url: req.remoteUrl,
      branch: pull.head.ref,
      baseSha: req.baseSha,
      botEmail: req.botEmail,
    });
    if (branch !== null && branch.foreign.length > 0) continue;
    const update = req.group.updates[0]!;
    await octokit.rest.issues.createComment({
      ...req.ref,
      issue_number: pull.number,
      body: `Superseded by #${req.pull.number} (\`${update.name}\` ${update.to}): Xihe closes this pull request. Reopening it does not stop the newer one; comment \`/xihe ignore ${update.name} major\` there to stop major updates.`,
    });
    await octokit.rest.pulls.update({ ...req.ref, pull_number: pull.number, state: "closed" });
    closed.push(pull.number);
  }
  return closed;
}

async function olderMajorPulls(octokit: GitHubClient, req: SupersedeRequest) {
  const update = req.group.updates[0];
  const major = /-(\d+)$/.exec(req.group.id);
  if (!req.group.breaking || req.group.updates.length !== 1 || update === undefined || major === null)
    return [];
  const prefix = `xihe/deps/${req.group.id.slice(0, major.index)}-`;
  const pulls = await octokit.paginate(octokit.rest.pulls.list, { ...req.ref, state: "open", per_page: 100 });
  return pulls.filter((p) => {
    const rest = p.head.ref.startsWith(prefix) ? p.head.ref.slice(prefix.length) : "";
    return (
      /^\d+$/.test(rest) &&
      Number(rest) < Number(major[1]) &&
      p.number !== req.pull.number &&
      p.head.repo?.full_name === `${req.ref.owner}/${req.ref.repo}` &&
      // Xihe's own upgrade PR of this package, not a person's branch that happens to match.
      p.title.startsWith(`Bump ${update.name} from `) &&
      (p.body ?? "").includes("<!-- xihe-upgrade group=")
    );
  });
}
