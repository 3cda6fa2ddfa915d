// Bearer tokens of the HTTP API: `xihe_<id>_<secret>`. The id finds nothing by itself; the store
// keeps a SHA-256 of the whole token (the secret is 256 random bits, so no slow hash is needed).
// Scopes are ordered: approve includes run, run includes read.
import { createHash, timingSafeEqual } from "node:crypto";
import type { ApiScope, ApiToken } from "../store/store.ts";

const tokenPattern = /^xihe_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
const scopeRank: Record<ApiScope, number> = { read: 0, run: 1, approve: 2 };

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** A fresh token from 6 + 32 random bytes; the caller shows `token` once and stores the rest. */
export function newApiToken(
  randomBytes: (n: number) => Buffer,
  fields: Pick<ApiToken, "repoPattern" | "scope" | "label" | "createdAt" | "expiresAt">,
): { token: string; record: ApiToken } {
  const id = randomBytes(6).toString("hex");
  const token = `xihe_${id}_${randomBytes(32).toString("base64url")}`;
  return { token, record: { id, secretHash: hashToken(token), ...fields } };
}

/** The token of an `Authorization: Bearer …` header, or null when it is absent or not ours. */
export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return m && tokenPattern.test(m[1]!) ? m[1]! : null;
}

/** True when the stored hash is the hash of this token (constant time). */
export function tokenMatches(record: ApiToken, token: string): boolean {
  return timingSafeEqual(Buffer.from(record.secretHash, "hex"), Buffer.from(hashToken(token), "hex"));
}

export const scopeAllows = (have: ApiScope, need: ApiScope): boolean => scopeRank[have] >= scopeRank[need];

/** "owner/name" against a pattern whose `*` matches within one path segment, case-insensitively. */
export function repoMatches(pattern: string, repo: string): boolean {
  // `*` alone: every repository, and the local checkouts `xihe fix` records by path (xihe serve).
  if (pattern === "*") return true;
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^/]*");
  return new RegExp(`^${source}$`, "i").test(repo);
}

/** A pattern `xihe token create --repo` accepts: owner/name, either part may use `*`; or `*` alone. */
export const repoPatternShape = /^(\*|[A-Za-z0-9*][A-Za-z0-9*-]{0,38}\/[A-Za-z0-9._*-]{1,100})$/;
