// Text from a log or a repository (a function name, a package name, a test title) placed inside a
// RegExp: every character that means something to a pattern is escaped, so it matches itself.
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
