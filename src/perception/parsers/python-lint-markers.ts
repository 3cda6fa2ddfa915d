// flake8 and ruff print the same `path:line:col: CODE message` line; ruff's own summary and fix
// markers tell them apart, so exactly one of the two parsers claims a section. Plain string checks
// come first: this runs on every line of every section.
const FOUND = /^Found \d+ errors?\.$/;
const COMMAND = /\bruff (?:check|format)\b/;
// ruff quotes names in backticks where flake8 uses single quotes.
const BACKTICK_DIAGNOSTIC =
  /^.+?:\d+:(?:\d+:)? (?:[A-Z]+\d+|\[[A-Z]+\d+\]|invalid-syntax:|\[invalid-syntax\]) .*`.*`/;

export function hasRuffMarkers(lines: readonly string[]): boolean {
  for (const line of lines) if (isRuffMarker(line)) return true;
  return false;
}

function isRuffMarker(line: string): boolean {
  if (line.startsWith("Found ")) return FOUND.test(line);
  if (line.startsWith("No fixes available") || line.startsWith("All checks passed!")) return true;
  // Cheap checks reject almost every line; each check below needs one of these substrings.
  if (!line.includes("`") && !line.includes("*") && !line.includes("ruff") && !line.includes("reformat"))
    return false;
  if (
    line.startsWith("[*] ") ||
    line.startsWith("Would reformat: ") ||
    line.startsWith("unformatted: File would be reformatted") ||
    line.includes(" would be reformatted") ||
    line.includes(" [*] ")
  )
    return true;
  if (line.includes("ruff ") && COMMAND.test(line)) return true;
  return line.includes("`") && line.includes(".py:") && BACKTICK_DIAGNOSTIC.test(line);
}
