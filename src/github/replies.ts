// The short replies Xihe posts in PR conversations. Text only: no GitHub calls here.
import { codeSpan, escapeInline } from "../delivery/markdown-text.ts";
import type { ConfigError } from "../errors.ts";
import { verbs } from "./parse-command.ts";

const verbHelp: Record<(typeof verbs)[number], string> = {
  fix: "diagnose the failing checks, fix them in a sandbox and propose the fix on a side branch",
  suggest:
    "fix the failing checks like `fix`, then offer the verified change as suggested changes in one review",
  explain: "review the diff with comments that explain what it does and what it affects",
  ask: "answer a question about the repository, citing `path:line`",
  apply: "bring the proposed fix into this pull request's branch",
  undo: "revert an applied fix with new commits",
  stop: "cancel the running Xihe run on this pull request",
  status: "list the recent Xihe runs on this pull request",
  workflow:
    "`/xihe workflow <name> [key=value …]`: start a DolphinScheduler workflow and follow it (retried only when green-listed and the failure is transient)",
  upgrade:
    "`/xihe upgrade [name]`: open (or update) the dependency-upgrade pull requests now, one per group; tests that break are migrated (also in an issue)",
  ignore:
    "`/xihe ignore <name> [major|minor|<version>]`: never propose that package's updates (or only those) in this repository (also in an issue)",
  rebase:
    "on an upgrade pull request (`xihe/deps/…`): rebuild it on the default branch as it is now, tested again",
  help: "show this list",
};

export function helpReply(): string {
  const rows = verbs.map((v) => `| \`/xihe ${v}\` | ${verbHelp[v]} |`).join("\n");
  return `**Xihe commands** (at the start of a line in a PR comment):\n\n| command | what it does |\n| --- | --- |\n${rows}\n\n\`fix\`, \`suggest\`, \`apply\`, \`undo\`, \`stop\` and \`workflow\` need write access to the repository.`;
}

export function unknownVerbReply(verb: string): string {
  return `Xihe does not know ${codeSpan(verb, 60)}. Commands: ${verbs.map((v) => `\`/xihe ${v}\``).join(", ")}.`;
}

export function needsWriteReply(login: string, verb: string): string {
  return `@${escapeInline(login, 60)} \`/xihe ${verb}\` needs write access to this repository, which your account does not have. Ask a maintainer to run it.`;
}

export function notAPullRequestReply(): string {
  return "Xihe works on pull requests (in an issue only `/xihe upgrade` and `/xihe ignore`): comment `/xihe help` on a pull request to see the commands.";
}

export function alreadyRunningReply(verb: string, link: string | null): string {
  return `A \`/xihe ${verb}\` run for this head commit is already in progress${link ? `: ${link}` : ""}. Use \`/xihe stop\` to cancel it.`;
}

export function stoppedReply(runIds: readonly string[]): string {
  if (runIds.length === 0) return "No Xihe run is in progress on this pull request.";
  return `Stopped ${runIds.map((id) => `\`${id}\``).join(", ")}.`;
}

export function configErrorReply(error: ConfigError): string {
  const rows = error.issues
    .map((i) => `- ${codeSpan(i.path, 120)}: ${escapeInline(i.message, 300)}`)
    .join("\n");
  return [
    "Xihe did not start: `.github/xihe.yml` on the default branch is invalid.",
    "",
    rows,
    "",
    "Fix the key(s) above on the default branch and comment again. A valid example:",
    "",
    "```yaml",
    "on_failure: diagnose   # off | diagnose | fix | suggest",
    "commands:",
    "  test: [npm test]",
    "```",
  ].join("\n");
}

export function givingUpReply(attempts: number, sha: string): string {
  return `Xihe is giving up after ${attempts} attempts on \`${sha.slice(0, 12)}\`. Push a new commit or comment \`/xihe fix\` to try again.`;
}

export function notAnUpgradePullReply(): string {
  return "`/xihe rebase` works on Xihe's dependency-upgrade pull requests (branch `xihe/deps/…` of this repository); this one is not. Comment `/xihe upgrade` to open them.";
}

export function ignoreUsageReply(problem: string): string {
  return `${escapeInline(problem, 200)}. Use \`/xihe ignore <name> [major|minor|<version>]\`, e.g. \`/xihe ignore lodash major\`.`;
}

export function ignoredReply(rule: { name: string; scope: string; version: string | null }): string {
  const what =
    rule.scope === "all"
      ? "no updates"
      : rule.scope === "version"
        ? `not version ${codeSpan(rule.version ?? "", 60)}`
        : rule.scope === "major"
          ? "no new major versions"
          : "no new minor or major versions (patches still)";
  return `Xihe will propose ${what} of ${codeSpan(rule.name, 100)} in this repository, and will not reopen or update an upgrade pull request for them. A rule that names no direct dependency is reported by the next \`/xihe upgrade\`.`;
}
