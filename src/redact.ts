// Scrubs secrets from any text before it leaves the process: logs, comments, traces, stored records.
// Patterns cover the credential formats we handle (GitHub tokens, PEM keys, bearer headers, API keys,
// chat webhook URLs whose key is the credential). Known secret values (the installation token, the
// model key, values of secret-named env variables) are also removed when a line break was inserted
// into them (wrapped logs) or when they appear base64-encoded (Basic auth headers, encoded configs).

const patterns: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,255}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,255}\b/g,
  /\bxihe_[0-9a-f]{12}_[A-Za-z0-9_-]{40,}/g,
  /\bv1\.[0-9a-f]{40}\b/g,
  /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}\b/g,
  /\bxox[abpors]-[A-Za-z0-9-]{10,}\b/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /(authorization\s*[:=]\s*)(?:bearer|token|basic)\s+[^\s"']+/gi,
  /(https:\/\/hooks\.slack\.com\/services\/)[^\s"')]+/g,
  /(https:\/\/qyapi\.weixin\.qq\.com\/cgi-bin\/webhook\/send\?key=)[^\s"'&)]+/g,
  /(https:\/\/(?:discord(?:app)?\.com)\/api\/webhooks\/)[^\s"')]+/g,
  /(https?:\/\/[^\s"'?]+\?(?:[^\s"'#]*&)?(?:key|access_token|token|sig|signature|api_key|apikey)=)[^\s"'&#)]+/gi,
  /(x-access-token:)[^@\s]+(@)/g,
];

/** Shorter values are not redacted as exact secrets: too many false hits in ordinary text. */
const minSecretLength = 6;

export function redactText(text: string, extraSecrets: readonly string[] = []): string {
  let out = text;
  for (const secret of extraSecrets) {
    if (secret.length < minSecretLength) continue;
    out = out.split(secret).join("[redacted]");
    for (const needle of [secret, ...base64Forms(secret)]) {
      if (needle.length >= minSecretLength && out.length > 0)
        out = out.replace(brokenAcrossLines(needle), "[redacted]");
    }
  }
  for (const pattern of patterns) {
    out = out.replace(pattern, (...args: unknown[]) => {
      // Capture groups sit between the match and the numeric offset: keep them (prefix, suffix).
      const groups = args.slice(
        1,
        args.findIndex((a) => typeof a === "number"),
      );
      const keep = typeof groups[0] === "string" ? groups[0] : "";
      const tail = typeof groups[1] === "string" ? groups[1] : "";
      return `${keep}[redacted]${tail}`;
    });
  }
  return out;
}

/** Names that look like they hold a credential: their values are secrets wherever they show up. */
const secretName =
  /(TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|PRIVATE|CREDENTIAL|API_?KEY|ACCESS_?KEY|_KEY$|^KEY$|AUTH|WEBHOOK|DSN|COOKIE|SESSION)/i;

/** Values of secret-named variables (e.g. from process.env), to pass to redactText as extraSecrets. */
export function secretValuesFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => secretName.test(name) && value !== undefined && value.trim().length >= 8)
    .map(([, value]) => (value ?? "").trim());
}

// The secret matched with an optional line break (plus indentation) between any two characters.
function brokenAcrossLines(needle: string): RegExp {
  const chars = [...needle].map((c) => c.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"));
  return new RegExp(chars.join("(?:\\r?\\n[ \\t]*)?"), "g");
}

// Base64 of the secret as it appears inside a longer encoded value, at each of the three byte
// alignments (only the characters that depend on the secret alone), in standard and URL alphabets.
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const forms = new Set<string>();
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const start = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + bytes.length)) / 6);
    const core = encoded.slice(start, end);
    forms.add(core);
    forms.add(core.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return [...forms];
}

/** secretValuesFromEnv over a parsed configuration (numbers and flags are never secrets). */
export function secretValuesFromSettings(settings: Readonly<Record<string, unknown>>): string[] {
  const strings: Record<string, string> = {};
  for (const [name, value] of Object.entries(settings)) if (typeof value === "string") strings[name] = value;
  return secretValuesFromEnv(strings);
}
