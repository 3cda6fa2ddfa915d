// TAP 14's escaping of a test point's description and of a subtest's name: `\\` stands for `\` and
// `\#` for `#` (so a `#` in a title is no directive); a backslash before anything else is itself.
// Only for producers that escape: vitest's tap reporters, node-tap and node:test do; ava (supertap)
// and mocha print titles as they are, so their `\\` is two backslashes of the title.
export function tapUnescape(text: string): string {
  return text.replace(/\\([\\#])/g, "$1");
}
