// The "Dependencies" section of a fix run's comment: which manager installed what with which
// command, how long it took, and every host the registry proxy refused. The commands and hosts come
// from the PR's manifests and config, and a failed command's output tail from the tool, so every
// string goes through markdown-text.ts (threat model A27).
import type { FixReport } from "./fix-report.ts";
import { codeBlock, codeSpan, escapeInline } from "./markdown-text.ts";

const shownSteps = 10;
const shownHosts = 20;

export function renderInstallEvidence(install: FixReport["install"]): string[] {
  if (!install) return [];
  const icon = { installed: "✅", skipped: "⏭️", failed: "❌", refused: "🛑" }[install.status];
  const manager = install.manager ? ` with ${codeSpan(install.manager, 40)}` : "";
  const lines = [
    "",
    "#### Dependencies",
    "",
    `${icon} ${install.status}${manager} — ${escapeInline(install.reason, 600)}`,
  ];
  if (install.steps.length > 0)
    lines.push(
      "",
      "| command | exit | duration |",
      "| --- | --: | --: |",
      ...install.steps
        .slice(0, shownSteps)
        .map(
          (s) =>
            `| ${codeSpan(s.command, 200)} | ${s.exitCode === null ? "—" : s.exitCode} | ${(s.durationMs / 1000).toFixed(1)} s |`,
        ),
    );
  if (install.errorTail)
    lines.push("", "The failed command's last output:", "", codeBlock(install.errorTail, 2000, "text"));
  if (install.allowed.length > 0)
    lines.push(
      "",
      `Through the registry proxy: ${install.allowed
        .slice(0, shownHosts)
        .map((a) => `${codeSpan(a.endpoint, 120)} (${a.count})`)
        .join(", ")}`,
    );
  if (install.blocked.length > 0)
    lines.push(
      "",
      `🛑 Blocked by the registry proxy (not an allowed registry): ${install.blocked
        .slice(0, shownHosts)
        .map((b) => codeSpan(b, 120))
        .join(", ")}${install.blocked.length > shownHosts ? " …" : ""}`,
    );
  return lines;
}
