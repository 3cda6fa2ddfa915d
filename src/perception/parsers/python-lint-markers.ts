// flake8 and ruff print the same `path:line:col: CODE message` line; ruff's own summary and fix
// markers tell them apart, so exactly one of the two parsers claims a section. Plain string checks
// come first: this runs on every line of every section.
const FOUND = /^Found \d+ errors?\.$/;
const COMMAND = /\bruff (?:check|format)\b/;
// ruff quotes names in backticks where flake8 uses single quotes.
const BACKTICK_DIAGNOSTIC =
  /^.+?:\d+:(?:\d+:)? (?:[A-Z]+\d+|\[[A-Z]+\d+\]|invalid-syntax:|\[invalid-syntax\]) .*`.*`/;

// One regex pass instead of four `includes` (measured about twice as fast on CI log lines).
const MAY_BE_MARKER = /[`*]|ruff|reformat/;

export function hasRuffMarkers(lines: readonly string[]): boolean {
  for (const line of lines) if (isRuffMarker(line)) return true;
  return false;
}

function isRuffMarker(line: string): boolean {
  const first = line.charCodeAt(0);
  if (first === 70 /* F */ && line.startsWith("Found ")) return FOUND.test(line);
  if (first === 78 /* N */ && line.startsWith("No fixes available")) return true;
  if (first === 65 /* A */ && line.startsWith("All checks passed!")) return true;
  // Cheap checks reject almost every line; each check below needs one of these substrings.
  if (!MAY_BE_MARKER.test(line)) return false;
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
