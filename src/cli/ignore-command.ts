// `xihe ignore <name> [major|minor|<version>] [--repo DIR]` and `xihe ignore --list`: the rules
// `xihe upgrade` honours in this checkout, stored like the App's `/xihe ignore` rules (under the
// GitHub repository the checkout's origin names, so a store shared with the App holds one set).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CliIo, ExitCode } from "./cli-io.ts";
import type { RegisterCommand } from "./register-command.ts";
import { loadEnv } from "../config.ts";
import { UsageError } from "../errors.ts";
import { githubUrls } from "../github/github-urls.ts";
import { openUpgradeStore } from "./upgrade-command.ts";
import { parseIgnoreArgs } from "../github/parse-ignore-rule.ts";
import { upgradeRulesKey } from "../verbs/upgrade/upgrade-rules-key.ts";
import type { UpgradeIgnore } from "../store/store.ts";

interface IgnoreFlags {
  repo?: string;
  list?: boolean;
  by?: string;
}

export const registerIgnoreCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("ignore")
    .description(
      "Stop `xihe upgrade` (and the App, on a shared store) proposing a package's updates: all, beyond the current major or minor, or one version",
    )
    .argument("[rule...]", "<name> [major|minor|<version>]")
    .option("--repo <dir>", "the repository checkout (default: the current directory)")
    .option("--list", "list the rules of this checkout")
    .action((words: string[], flags: IgnoreFlags) => runIgnoreCommand(words, flags, io, setExit));
};

async function runIgnoreCommand(
  words: string[],
  flags: IgnoreFlags,
  io: CliIo,
  setExit: (code: ExitCode) => void,
) {
  const env = loadEnv(io.env);
  const root = resolve(io.cwd, flags.repo ?? ".");
  if (!existsSync(join(root, ".git")))
    throw new UsageError(`--repo must be a git checkout; ${root} has no .git`);
  if (flags.list === true && words.length > 0) throw new UsageError("--list takes no rule");
  const key = await upgradeRulesKey(root, githubUrls(env));
  const store = openUpgradeStore(env, io.cwd);
  try {
    if (flags.list === true) {
      const rules = await store.listUpgradeIgnores(key);
      io.stdout(
        rules.length === 0
          ? `no ignore rules for ${key}\n`
          : rules.map((r) => `${describe(r)}  (${r.createdBy}, ${r.createdAt})\n`).join(""),
      );
      return setExit(0);
    }
    const rule = parseIgnoreArgs(words.join(" "));
    if ("problem" in rule)
      throw new UsageError(`${rule.problem}; use xihe ignore <name> [major|minor|<version>]`);
    await store.addUpgradeIgnore({
      repo: key,
      ...rule,
      createdBy: io.env.USER ?? "cli",
      createdAt: new Date().toISOString(),
    });
    io.stdout(`ignored for ${key}: ${describe(rule)}\n`);
    setExit(0);
  } finally {
    await store.close();
  }
}

function describe(rule: Pick<UpgradeIgnore, "name" | "scope" | "version">): string {
  return `${rule.name} ${rule.scope === "version" ? rule.version : rule.scope}`;
}
