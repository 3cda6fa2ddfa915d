// Every address Xihe derives for "GitHub": github.com, or a GitHub Enterprise Server named by
// GHE_HOST (and GHE_PROTOCOL). One function, so the REST base URL, clone URLs, links in comments and
// commit e-mail addresses can never point at two different GitHubs.

export interface GitHubUrls {
  /** The web UI: `https://github.com` or `https://<GHE_HOST>`. */
  web: string;
  /** The REST base URL Octokit takes; its GraphQL endpoint is derived from it by Octokit. */
  api: string;
  /** The domain of users' no-reply commit addresses (`<id>+<login>@<domain>`). */
  noreplyDomain: string;
}

export interface GitHubHostSettings {
  GHE_HOST?: string | undefined;
  GHE_PROTOCOL: "https" | "http";
}

export function githubUrls(settings: GitHubHostSettings): GitHubUrls {
  if (settings.GHE_HOST === undefined)
    return {
      web: "https://github.com",
      api: "https://api.github.com",
      noreplyDomain: "users.noreply.github.com",
    };
  const web = `${settings.GHE_PROTOCOL}://${settings.GHE_HOST}`;
  // GitHub Enterprise Server serves REST under /api/v3 (GraphQL under /api/graphql) on the web host.
  return { web, api: `${web}/api/v3`, noreplyDomain: `users.noreply.${new URL(web).hostname}` };
}

/** The https (or GHE_PROTOCOL) clone URL of "owner/name" on this GitHub. */
export function cloneUrlOf(urls: GitHubUrls, repo: string): string {
  return `${urls.web}/${repo}.git`;
}

/** The no-reply address GitHub links to an account: `<id>+<login>@<domain>` (or `<login>@` without an id). */
export function noreplyEmail(urls: Pick<GitHubUrls, "noreplyDomain">, login: string, id?: number): string {
  return `${id === undefined ? login : `${id}+${login}`}@${urls.noreplyDomain}`;
}
