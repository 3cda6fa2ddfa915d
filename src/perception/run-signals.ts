// Lines that say a run failed for reasons outside the code: the machine (OOM kill, disk full, runner
// lost), the network (timeouts, resets, registry 429/5xx) or the setup (missing secret, missing script).
// Scanned on every line, so one combined pre-filter regex guards the specific ones.
import { escapeRegExp } from "../escape-regexp.ts";

export type SignalKind = "infra" | "network" | "config";

export interface RunSignal {
  kind: SignalKind;
  reason: string;
  evidence: string;
}

interface SignalPattern {
  kind: SignalKind;
  reason: string;
  pattern: RegExp;
}

const PATTERNS: SignalPattern[] = [
  {
    kind: "infra",
    reason: "killed with SIGKILL (exit 137), usually the out-of-memory killer",
    pattern:
      /exit code 137\b|\bexit(?:ed with)? (?:code|status) 137\b|signal:? SIGKILL|^(?:.*\d+ )?Killed(?:\s|$)|signal: killed/,
  },
  {
    kind: "infra",
    reason: "terminated with SIGTERM (exit 143): cancelled or timed out by the runner",
    pattern: /exit code 143\b|signal:? SIGTERM|^Terminated$/,
  },
  {
    kind: "infra",
    reason: "ran out of memory",
    pattern:
      /JavaScript heap out of memory|Out of memory: Killed process|OOMKilled|Cannot allocate memory|MemoryError\b|fatal error: runtime: out of memory/,
  },
  { kind: "infra", reason: "no space left on device", pattern: /No space left on device|ENOSPC/ },
  {
    kind: "infra",
    reason: "the runner was lost",
    pattern:
      /lost communication with the server|runner has received a shutdown signal|The operation was canceled\.|The hosted runner .* lost/i,
  },
  {
    kind: "network",
    reason: "network timeout",
    pattern:
      /ETIMEDOUT|ESOCKETTIMEDOUT|ERR_SOCKET_TIMEOUT|EAI_AGAIN|network timeout|Connection timed out|Read timed out|i\/o timeout|TLS handshake timeout/,
  },
  {
    kind: "network",
    reason: "connection reset or refused",
    pattern:
      /ECONNRESET|ECONNREFUSED|socket hang up|Connection reset by peer|EPIPE|network request to .* failed|getaddrinfo ENOTFOUND/,
  },
  {
    kind: "network",
    reason: "registry rate limit or server error",
    pattern:
      /\b(?:429 Too Many Requests|50[0234] (?:Internal Server Error|Bad Gateway|Service Unavailable|Gateway Time-?out))|\bE(?:429|500|502|503|504)\b/,
  },
  {
    kind: "config",
    reason: "environment: a tool is not installed in the sandbox (npx may not download one at test time)",
    pattern:
      /npx canceled due to missing packages|could not determine executable to run|code ENOTCACHED|cache mode is 'only-if-cached'/,
  },
  {
    kind: "config",
    reason: "a package script is missing",
    pattern: /Missing script: |ERR_PNPM_NO_SCRIPT|error Command "[^"]+" not found/,
  },
  {
    kind: "config",
    reason: "a required secret or environment variable is missing",
    pattern:
      /(?:environment variable|env var|secret)s? [`'"]?[\w.-]+[`'"]? (?:is )?(?:not set|missing|required|undefined|not defined)|Input required and not supplied|missing (?:required )?(?:environment variable|secret)/i,
  },
];

// Every line a pattern above can match contains one of these words (case-sensitive on purpose: a
// case-insensitive alternation is several times slower; the list spells out each case the patterns
// accept). diagnose finds the lines that carry them in the same pass as the parsers' markers.
export const SIGNAL_WORDS: readonly string[] = [
  "exit code",
  "xit code",
  "xit status",
  "xited with code",
  "xited with status",
  "signal",
  "Kill",
  "Terminated",
  "emory",
  "space left",
  "ENOSPC",
  "lost",
  "shutdown",
  "canceled",
  "TIMEDOUT",
  "TIMEOUT",
  "EAI_AGAIN",
  "timeout",
  "timed out",
  "ECONN",
  "hang up",
  "reset by peer",
  "EPIPE",
  "network",
  "ENOTFOUND",
  "429",
  "500",
  "502",
  "503",
  "504",
  "Missing script",
  "npx canceled",
  "determine executable",
  "ENOTCACHED",
  "only-if-cached",
  "NO_SCRIPT",
  "not found",
  "nvironment",
  "env var",
  "ecret",
  "SECRET",
  "Input required",
  "issing",
];
const PREFILTER = new RegExp(SIGNAL_WORDS.map(escapeRegExp).join("|"));

/** Returns the signal a line carries, or null. */
export function matchRunSignal(line: string): RunSignal | null {
  if (!PREFILTER.test(line)) return null;
  for (const { kind, reason, pattern } of PATTERNS) {
    if (pattern.test(line)) return { kind, reason, evidence: line.trim().slice(0, 500) };
  }
  return null;
}
