// What delivery needs of GitHub to open and close fix pull requests: five REST calls, declared here
// so delivery never names the adapter's client. github/github-client.ts's Octokit satisfies it as
// it is; tests may pass any object with these methods.

export interface RepoRef {
  owner: string;
  repo: string;
}

/** Octokit's request parameters are open-ended (headers, request options); ours are a subset. */
type Params<T> = RepoRef & T & Record<string, unknown>;

interface PullSummary {
  number: number;
  html_url: string;
  state: string;
}

export interface PullRequestPort {
  rest: {
    pulls: {
      create(
        params: Params<{
          head: string;
          base: string;
          title: string;
          body: string;
          maintainer_can_modify: boolean;
        }>,
      ): Promise<{ data: PullSummary }>;
      list(
        params: Params<{ head: string; state: "all"; per_page: number }>,
      ): Promise<{ data: (PullSummary & { head: { ref: string } })[] }>;
      get(params: Params<{ pull_number: number }>): Promise<{ data: PullSummary & { merged: boolean } }>;
      update(params: Params<{ pull_number: number; state: "closed" }>): Promise<unknown>;
    };
    issues: {
      createComment(params: Params<{ issue_number: number; body: string }>): Promise<unknown>;
    };
  };
}

/** "owner/name" -> { owner, repo }; anything else is a programming error upstream. */
export function repoRefOf(fullName: string): RepoRef {
  const [owner, repo, extra] = fullName.split("/");
  if (!owner || !repo || extra !== undefined) throw new Error(`not an owner/name repository: ${fullName}`);
  return { owner, repo };
}
