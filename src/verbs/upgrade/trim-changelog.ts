// The part of a package's changelog that an update crosses: the sections whose heading names a
// version in (from, to], and from them the lines that announce breaking changes, removals, renames
// and deprecations. Pure: the text comes from the package's tarball (read-package-changelog.ts).
import semver from "semver";

export interface TrimmedChangelog {
  /** The crossed sections, as written, at most `maxLines` lines. */
  text: string;
  versions: string[];
  /** Lines about breaking changes and deprecations, trimmed, list markers removed. */
  breaking: string[];
  truncated: boolean;
}

const heading = /^(?:#{1,6}\s*|\[)?\s*\[?v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\]?/;
const setextRule = /^(?:=+|-+)\s*$/;
const notable =
  /\b(?:breaking|removed?|removes|renamed?|renames|deprecat\w*|no longer|replaced by|incompatible|dropped|drops)\b/i;

export function trimChangelog(
  changelog: string,
  range: { from: string; to: string },
  maxLines = 60,
): TrimmedChangelog | null {
  if (semver.valid(range.from) === null || semver.valid(range.to) === null) return null;
  const lines = changelog.split(/\r?\n/);
  const kept: string[] = [];
  const versions: string[] = [];
  let inside = false;
  for (const [i, line] of lines.entries()) {
    const version = versionOfHeading(line, lines[i + 1]);
    if (version !== null) {
      inside = semver.gt(version, range.from) && semver.lte(version, range.to);
      if (inside) versions.push(version);
    }
    if (inside) kept.push(line);
  }
  if (versions.length === 0) return null;
  const body = trimBlankEnds(kept);
  return {
    text: body.slice(0, maxLines).join("\n"),
    versions,
    breaking: body
      .filter((l) => notable.test(l) && versionOfHeading(l, undefined) === null)
      .map((l) => l.replace(/^\s*(?:[-*+]|\d+\.)\s+/, "").trim())
      .filter((l) => l !== ""),
    truncated: body.length > maxLines,
  };
}

// A markdown heading (`## 2.0.0`, `## [2.0.0] - 2024-01-01`, `# v2.0.0`) or a setext one
// (`2.0.0 / 2024-01-01` over `====`) that starts with a version.
function versionOfHeading(line: string, next: string | undefined): string | null {
  const isAtx = /^#{1,6}\s/.test(line);
  const isSetext = next !== undefined && setextRule.test(next) && line.trim() !== "";
  if (!isAtx && !isSetext) return null;
  const match = heading.exec(line.trim());
  const version = match?.[1];
  return version !== undefined && semver.valid(version) !== null ? version : null;
}

function trimBlankEnds(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === "") start++;
  while (end > start && lines[end - 1]!.trim() === "") end--;
  return lines.slice(start, end);
}
