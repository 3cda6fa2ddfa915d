// Model-written text that ends up in git (commit subjects) or comments is untrusted (threat model A24):
// one line, no control characters, no shell or markdown metacharacters that could be read as
// commands or links, no forged trailers, bounded length. Argv-only git calls make it data either way.
// A leaf (it imports nothing) so the agent's commits and delivery's commit messages share it.
export function sanitizeLlmLine(text: string, maxChars = 72): string {
  const visible = [...text].map((ch) => (isInvisible(ch.codePointAt(0) ?? 0) ? " " : ch)).join("");
  const oneLine = visible
    .replace(/\$\(|`|\$\{/g, "")
    .replace(/[<>|;&]/g, " ")
    .replace(/https?:\/\/\S+/gi, "[link removed]")
    .replace(/\b[A-Z][A-Za-z-]*:\s/g, (m) => m.replace(":", ""))
    .replace(/\s+/g, " ")
    .trim();
  return oneLine.length > maxChars ? `${oneLine.slice(0, maxChars - 1)}…` : oneLine || "change";
}

/** C0/C1 controls, zero-width characters and bidi overrides (threat model A11/A13). */
function isInvisible(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}
