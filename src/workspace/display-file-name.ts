// File names from a PR are attacker-chosen (A11): `-rf`, `--output=/etc/x`, newlines, RTL overrides,
// non-UTF-8 bytes. For argv they get a `./` prefix so no tool reads them as options; for comments
// and logs they are shown escaped so they cannot forge lines or reorder text.

/** A path argument no program can mistake for an option. */
export function pathArgument(path: string): string {
  return path.startsWith("-") ? `./${path}` : path;
}

/** A one-line, visibly escaped rendering of a file name for comments and logs. */
export function displayFileName(name: string | Buffer): string {
  const text = typeof name === "string" ? name : name.toString("utf8");
  const escaped = [...text]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (ch === "\uFFFD") return "\\uFFFD";
      if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, "0")}`;
      if (
        (code >= 0x200b && code <= 0x200f) ||
        (code >= 0x202a && code <= 0x202e) ||
        (code >= 0x2066 && code <= 0x2069)
      )
        return `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
      if (ch === "`") return "\\`";
      return ch;
    })
    .join("");
  return `\`${escaped}\``;
}
