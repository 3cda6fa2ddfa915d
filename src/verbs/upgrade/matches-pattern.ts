// Package-name patterns of `deps.ignore` and `deps.groups`: an exact name, or `*` standing for any
// run of characters (`@babel/*`, `eslint-plugin-*`).
export function matchesPattern(pattern: string, name: string): boolean {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`).test(name);
}
