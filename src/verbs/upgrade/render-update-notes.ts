// One update's release notes and impact as plain text lines (under its line in the upgrade report):
// the breaking/deprecation lines of the crossed changelog, then where the project uses the package,
// symbols the changelog names first and marked.
import type { UpdateNotes } from "./collect-update-notes.ts";

const maxSites = 10;

export function renderNotes(notes: UpdateNotes | undefined): string[] {
  if (notes === undefined) return [];
  const lines: string[] = [];
  const log = notes.changelog;
  if (log === null) lines.push(`      changelog: none (${notes.changelogMissing ?? "not read"})`);
  else {
    lines.push(`      changelog: ${log.versions.join(", ")}${log.truncated ? " (trimmed)" : ""}`);
    for (const line of log.breaking) lines.push(`        ! ${line}`);
  }
  const { imports, symbols } = notes.uses;
  if (imports.length === 0) return [...lines, "      used: not imported by the indexed code"];
  lines.push(`      imported at: ${imports.join(", ")}`);
  for (const s of symbols) {
    const name = s.symbol === "default" ? "(the module itself)" : s.symbol;
    const shown = s.sites.slice(0, maxSites).join(", ");
    const more = s.sites.length > maxSites ? ` and ${s.sites.length - maxSites} more` : "";
    lines.push(
      `      ${s.mentioned ? "! " : ""}${name}${s.mentioned ? " (named in the changelog)" : ""}: ${shown}${more}`,
    );
  }
  return lines;
}
