// flake8 and ruff print the same `path:line:col: CODE message` line; ruff's own summary and fix
// markers tell them apart, so exactly one of the two parsers claims a section.
const RUFF_MARKERS =
  /^(?:Found \d+ errors?\.|\[\*\] \d+ fixable with the `--fix` option\.?.*|No fixes available.*|All checks passed!|\d+ files? would be reformatted.*|Would reformat: .+|.*\bruff (?:check|format)\b.*|.+?:\d+:\d+: [A-Z]+\d+ \[\*\] .*|[A-Z]+\d+ \[\*\] .*|unformatted: File would be reformatted|.+?:\d+:(?:\d+:)? (?:[A-Z]+\d+|\[[A-Z]+\d+\]|invalid-syntax:|\[invalid-syntax\]) .*`.*`.*)$/;

export function hasRuffMarkers(lines: readonly string[]): boolean {
  for (const line of lines) if (RUFF_MARKERS.test(line)) return true;
  return false;
}
