// Scrubs secrets from any text before it leaves the process: logs, comments, traces, stored records.
// Patterns cover the credential formats we handle (GitHub tokens, PEM keys, bearer headers, API keys,
// chat webhook URLs whose key is the credential). Extra exact values (e.g. the configured secrets) can be added.

const patterns: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,255}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,255}\b/g,
  /\bv1\.[0-9a-f]{40}\b/g,
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}\b/g,
  /\bxox[abpors]-[A-Za-z0-9-]{10,}\b/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /(authorization\s*[:=]\s*)(?:bearer|token|basic)\s+[^\s"']+/gi,
  /(https:\/\/hooks\.slack\.com\/services\/)[^\s"')]+/g,
  /(https:\/\/qyapi\.weixin\.qq\.com\/cgi-bin\/webhook\/send\?key=)[^\s"'&)]+/g,
  /(x-access-token:)[^@\s]+(@)/g,
];

export function redactText(text: string, extraSecrets: readonly string[] = []): string {
  let out = text;
  for (const secret of extraSecrets) {
    if (secret.length >= 6) out = out.split(secret).join("[redacted]");
  }
  for (const pattern of patterns) {
    out = out.replace(pattern, (...args: unknown[]) => {
      // Capture groups sit between the match and the numeric offset: keep them (prefix, suffix).
      const groups = args.slice(1, args.findIndex((a) => typeof a === "number"));
      const keep = typeof groups[0] === "string" ? groups[0] : "";
      const tail = typeof groups[1] === "string" ? groups[1] : "";
      return `${keep}[redacted]${tail}`;
    });
  }
  return out;
}
