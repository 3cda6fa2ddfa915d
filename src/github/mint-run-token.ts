// The token a write run clones and pushes with: minted per run, narrowed to one repository and the
// permissions a fix needs, and refused if GitHub grants more than asked (threat model A37: fail closed).
import { XiheError } from "../errors.ts";
import type { GitHubClient } from "./github-client.ts";

export const runTokenPermissions = { contents: "write", pull_requests: "write", metadata: "read" } as const;

/** Permissions an App token must never carry for a run, whatever was asked. */
const forbidden = ["workflows", "administration", "secrets", "organization_administration", "members"];

export class TokenScopeError extends XiheError {
  readonly code = "token_scope_too_broad";
}

export interface RunToken {
  token: string;
  expiresAt: string;
}

/** Where a run's clone-and-push token comes from: minted by the App, or the one token of a CLI/Action run. */
export type RunTokenSource = (request: {
  installationId: number;
  repositoryName: string;
}) => Promise<RunToken>;

/** The App's source: a token minted per run by the App (JWT) client, scope-checked. */
export function appRunTokens(appOctokit: () => Promise<GitHubClient>): RunTokenSource {
  return async (request) => mintRunToken(await appOctokit(), request);
}

export async function mintRunToken(
  appOctokit: GitHubClient,
  request: { installationId: number; repositoryName: string },
): Promise<RunToken> {
  const { data } = await appOctokit.rest.apps.createInstallationAccessToken({
    installation_id: request.installationId,
    repositories: [request.repositoryName],
    permissions: runTokenPermissions,
  });
  assertScope(data.permissions ?? {}, data.repositories?.map((r) => r.name) ?? null, request.repositoryName);
  return { token: data.token, expiresAt: data.expires_at };
}

function assertScope(
  granted: Record<string, string | undefined>,
  repos: string[] | null,
  repo: string,
): void {
  const allowed: Record<string, string> = runTokenPermissions;
  const problems: string[] = [];
  for (const [name, level] of Object.entries(granted)) {
    if (level === undefined) continue;
    if (forbidden.includes(name)) problems.push(`${name}:${level} is never allowed`);
    else if (!(name in allowed)) problems.push(`${name}:${level} was not requested`);
    else if (allowed[name] === "read" && level !== "read") problems.push(`${name}:${level} exceeds read`);
  }
  if (repos !== null && (repos.length !== 1 || repos[0] !== repo))
    problems.push(`token covers ${repos.length} repositories, expected only ${repo}`);
  if (problems.length > 0)
    throw new TokenScopeError(
      `installation token is broader than a run needs (${problems.join("; ")}); no clone or push was made. Check the App's permission settings.`,
    );
}
