// Who may ask: write, maintain or admin on the repository, read through the collaborator-permission
// API. Answers are cached briefly (the cache is passed in) and re-checked when a run starts.
import type { GitHubClient, RepoRef } from "./github-client.ts";

export type Access = "admin" | "maintain" | "write" | "triage" | "read" | "none";

export interface PermissionCache {
  get(key: string, nowMs: number): Access | undefined;
  set(key: string, value: Access, nowMs: number): void;
}

export function createPermissionCache(ttlMs = 60_000): PermissionCache {
  const entries = new Map<string, { value: Access; at: number }>();
  return {
    get(key, nowMs) {
      const e = entries.get(key);
      return e && nowMs - e.at < ttlMs ? e.value : undefined;
    },
    set(key, value, nowMs) {
      entries.set(key, { value, at: nowMs });
    },
  };
}

export async function getAccess(
  octokit: GitHubClient,
  ref: RepoRef,
  username: string,
  cache?: { cache: PermissionCache; nowMs: number },
): Promise<Access> {
  const key = `${ref.owner}/${ref.repo}:${username.toLowerCase()}`;
  const cached = cache?.cache.get(key, cache.nowMs);
  if (cached) return cached;
  let access: Access = "none";
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...ref, username });
    access = toAccess(data.role_name ?? data.permission, data.permission);
  } catch (err) {
    // 404: not a collaborator at all; anything else is a real failure the caller must see.
    if (!(err instanceof Error && "status" in err && err.status === 404)) throw err;
  }
  cache?.cache.set(key, access, cache.nowMs);
  return access;
}

function toAccess(role: string, permission: string): Access {
  const known: readonly Access[] = ["admin", "maintain", "write", "triage", "read"];
  const r = role.toLowerCase();
  if ((known as readonly string[]).includes(r)) return r as Access;
  const p = permission.toLowerCase();
  return (known as readonly string[]).includes(p) ? (p as Access) : "none";
}

export function canWrite(access: Access): boolean {
  return access === "admin" || access === "maintain" || access === "write";
}
