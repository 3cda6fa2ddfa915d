// The last look at a change before it leaves the machine. Two things are never pushed: workflow
// files (the App has no `workflows` permission, threat model A22) and secrets in added lines (A23). The
// finding names file and line; the secret itself is never part of a message, log or comment.
import { redactText } from "../redact.ts";
import { DeliveryRefusal } from "./delivery-refusal.ts";
import type { DeliveryGit } from "./delivery-git.ts";

export type DiffFinding =
  | { kind: "workflow_file"; path: string }
  | { kind: "secret"; path: string; line: number | null; what: string; masked: string };

const workflowPath = /^\.github\/workflows\//;
const envFile = /(^|\/)\.env(\.[^/]*)?$/;
const envExample = /\.(example|sample|template|dist)$/;
const keyFile = /(^|\/)(id_(rsa|dsa|ecdsa|ed25519)|[^/]+\.(pem|p12|pfx|key|keystore|jks))$/;
const lockfile =
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|Pipfile\.lock|uv\.lock|Cargo\.lock|go\.sum|Gemfile\.lock|composer\.lock)$/;
const privateKeyLine = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/;
const candidateToken = /[A-Za-z0-9+/_=-]{32,}/g;

/** Scans `git diff` output (no renames) plus the changed paths; returns every finding. */
export function scanDiff(diffText: string, changedPaths: readonly string[]): DiffFinding[] {
  const findings: DiffFinding[] = [];
  for (const path of changedPaths) {
    if (workflowPath.test(path)) findings.push({ kind: "workflow_file", path });
    else if (envFile.test(path) && !envExample.test(path))
      findings.push(secretFinding(path, null, "a .env file", path));
    else if (keyFile.test(path)) findings.push(secretFinding(path, null, "a private key file", path));
  }
  let keyBodyOf: string | null = null; // one finding per key block, not one per base64 line
  for (const added of addedLines(diffText)) {
    if (keyBodyOf === added.path) {
      if (added.text.includes("-----END")) keyBodyOf = null;
      continue;
    }
    const what = secretIn(added.text, lockfile.test(added.path));
    if (what) findings.push(secretFinding(added.path, added.line, what, added.text));
    if (what === "a private key" && !added.text.includes("-----END")) keyBodyOf = added.path;
  }
  return findings;
}

/** Runs the scan on `base..head` in `git`'s directory and throws the refusal the comment shows. */
export async function checkDiffBeforePush(
  git: DeliveryGit,
  range: { base: string; head: string },
): Promise<void> {
  const args = ["--no-color", "--no-ext-diff", "--no-textconv", "--no-renames", range.base, range.head, "--"];
  const paths = (await git(["-c", "core.quotePath=false", "diff", "--name-only", "-z", ...args]))
    .split("\0")
    .filter((p) => p !== "");
  const text = await git(["-c", "core.quotePath=false", "diff", "--unified=0", ...args]);
  const findings = scanDiff(text, paths);
  const workflows = findings.filter((f) => f.kind === "workflow_file");
  if (workflows.length > 0)
    throw new DeliveryRefusal(
      "workflow_files_not_allowed",
      `workflow_files_not_allowed: the fix changes ${workflows.map((f) => f.path).join(", ")}. Xihe's GitHub App has no \`workflows\` permission, so GitHub would reject the push; nothing was pushed. Change the workflow yourself, or ask Xihe for a fix that leaves .github/workflows alone.`,
    );
  const secrets = findings.flatMap((f) => (f.kind === "secret" ? [f] : []));
  if (secrets.length > 0)
    throw new DeliveryRefusal(
      "secret_in_diff",
      `secret_in_diff: the fix adds what looks like a secret, so nothing was pushed: ${secrets
        .map((s) => `${s.path}${s.line === null ? "" : `:${s.line}`} (${s.what}: ${s.masked})`)
        .join("; ")}. Remove it (use an environment variable or the CI's secret store) and try again.`,
    );
}

function secretFinding(path: string, line: number | null, what: string, text: string): DiffFinding {
  return { kind: "secret", path, line, what, masked: mask(text) };
}

/** What kind of secret the line holds, or null. Known formats first (shared with log redaction). */
function secretIn(
  text: string,
  isLockfile: boolean,
): "a private key" | "a credential" | "a high-entropy token" | null {
  if (privateKeyLine.test(text)) return "a private key";
  const literal = withoutComputedValues(text);
  if (redactText(literal) !== literal) return "a credential";
  if (isLockfile) return null; // integrity hashes are high-entropy by design
  for (const token of text.match(candidateToken) ?? []) if (looksRandom(token)) return "a high-entropy token";
  return null;
}

// Code that builds a header or URL from a variable (`Bearer ${token}`, `?key=" + key`) holds no
// secret: the log-redaction patterns would match it, so such computed values are dropped first.
// A literal value (16+ token characters) is left in place and still caught.
function withoutComputedValues(text: string): string {
  return text
    .replace(/(authorization\s*[:=]\s*["'`]?\s*)(?:bearer|token|basic)\s+(?![A-Za-z0-9+/=._~-]{16,})/gi, "$1")
    .replace(
      /([?&](?:key|access_token|token|sig|signature|api_key|apikey)=)(?![A-Za-z0-9+/=._~-]{16,})/gi,
      "$1 ",
    );
}

// Random credentials mix cases and digits and are close to uniformly distributed; identifiers,
// hex hashes and words are not. Integrity hashes (sha512-...) and hex digests are excluded.
function looksRandom(token: string): boolean {
  if (/^sha(1|256|384|512)-/.test(token) || /^[0-9a-f]+$/i.test(token)) return false;
  if (!/[a-z]/.test(token) || !/[A-Z]/.test(token) || !/[0-9]/.test(token)) return false;
  const wordChars = (token.match(/[A-Z]?[a-z]{3,}/g) ?? []).join("").length;
  return wordChars / token.length <= 0.5 && shannonBitsPerChar(token) >= 4.3;
}

function shannonBitsPerChar(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return bits;
}

/** The line with every secret-looking run replaced, shortened: enough to find it, nothing to use. */
function mask(text: string): string {
  const masked = redactText(text)
    .replace(/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*/g, "-----BEGIN … PRIVATE KEY----- [redacted]")
    .replace(candidateToken, (t) => (looksRandom(t) ? "[redacted]" : t))
    .replace(/([=:]\s*["']?)[^\s"']{8,}/g, (_m, prefix: string) => `${prefix}[redacted]`)
    .replace(/\p{Cc}|`/gu, " ")
    .trim();
  return masked.length > 80 ? `${masked.slice(0, 79)}…` : masked;
}

function* addedLines(diffText: string): Generator<{ path: string; line: number; text: string }> {
  let path: string | null = null;
  let next = 0;
  for (const raw of diffText.split("\n")) {
    if (raw.startsWith("+++ ")) {
      const target = raw.slice(4).replace(/\t$/, "");
      path = target === "/dev/null" ? null : unquote(target).replace(/^b\//, "");
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(raw);
    if (hunk) {
      next = Number(hunk[1]);
      continue;
    }
    if (path === null || raw.startsWith("--- ")) continue;
    if (raw.startsWith("+")) yield { path, line: next++, text: raw.slice(1) };
    else if (raw.startsWith(" ")) next++;
  }
}

function unquote(name: string): string {
  if (!name.startsWith('"')) return name;
  return name.slice(1, -1).replace(/\\(["\\])/g, "$1");
}
