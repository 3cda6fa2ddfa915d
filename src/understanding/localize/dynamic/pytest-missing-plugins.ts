// pytest stops with a usage error (exit 4) before running a test when its configuration needs a
// plugin that is not installed: `addopts = --cov=pkg -n auto` (pytest-cov, pytest-xdist: "unrecognized
// arguments") or `required_plugins`. Offline, after a failed install, that is the common case of a
// project whose development requirements were never installed. The options the configuration adds
// are then overridden on the command line (`-o addopts=REST`, `-o required_plugins=`), keeping every
// addopts word pytest did recognise; options the command itself names are never dropped.
import { isAbsolute, relative } from "node:path";
import { parse, quote } from "shell-quote";
import { parse as parseToml } from "smol-toml";

/** pytest `-o NAME=VALUE` overrides of ini options. */
export type IniOverrides = Readonly<Record<string, string>>;

export interface PluginOptionsRetry {
  overrides: IniOverrides;
  /** What was left out and why, for the run's evidence. */
  note: string;
}

/** The overrides as pytest arguments, to append to its argv. */
export const overrideArgs = (overrides: IniOverrides): string[] =>
  Object.entries(overrides).flatMap(([name, value]) => ["-o", `${name}=${value}`]);

/**
 * `output`: the failed run's stdout and stderr; `root`: the checkout (the config file must be in it);
 * `already`: the overrides of an earlier retry, kept. Null: nothing (more) to override.
 */
export function pluginOptionsRetry(
  output: string,
  root: string,
  readText: (file: string) => string | null,
  already: IniOverrides = {},
): PluginOptionsRetry | null {
  const missing = /Missing required plugins: ([^\n]+)/.exec(output);
  if (missing && already["required_plugins"] === undefined)
    return {
      overrides: { ...already, required_plugins: "" },
      note: `required plugins are not installed (${missing[1]!.trim()}): the run overrides required_plugins`,
    };
  const unrecognized = /error: unrecognized arguments: ([^\n]+)/.exec(output);
  const configFile = /^\s*(?:inifile|configfile): (.+)$/m.exec(output);
  if (!unrecognized || !configFile) return null;
  const file = relative(root, configFile[1]!.trim());
  if (file.startsWith("..") || isAbsolute(file)) return null;
  const text = readText(file);
  const addopts = text === null ? null : configAddopts(file, text);
  if (addopts === null) return null;
  const unknown = new Set(unrecognized[1]!.trim().split(/\s+/));
  const kept: string[] = [];
  const dropped: string[] = [];
  for (let i = 0; i < addopts.length; i++) {
    const word = addopts[i]!;
    if (!word.startsWith("-") || !unknown.has(word)) {
      kept.push(word);
      continue;
    }
    dropped.push(word);
    // `-n auto`, `--cov pkg`: the value of an option pytest does not know goes with it.
    const next = addopts[i + 1];
    if (!word.includes("=") && next !== undefined && !next.startsWith("-")) dropped.push(addopts[++i]!);
  }
  // Unknown options the command line gave itself: overriding the config cannot help.
  if (dropped.length === 0 || already["addopts"] !== undefined) return null;
  return {
    overrides: { ...already, addopts: quote(kept) },
    note: `${file} addopts name options of plugins that are not installed (${dropped.join(" ")}): the run leaves them out`,
  };
}

/** The addopts words of a pytest config file, as pytest splits them; null when it sets none. */
export function configAddopts(file: string, text: string): string[] | null {
  if (file.endsWith(".toml")) {
    let doc: Record<string, unknown>;
    try {
      doc = parseToml(text) as Record<string, unknown>;
    } catch {
      return null;
    }
    const pytest = (doc["tool"] as Record<string, unknown> | undefined)?.["pytest"] as
      Record<string, unknown> | undefined;
    const options = (pytest?.["ini_options"] as Record<string, unknown> | undefined) ?? pytest;
    const value = options?.["addopts"];
    if (typeof value === "string") return shellWords(value);
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
    return null;
  }
  const value = iniValue(text, file.endsWith("setup.cfg") ? "tool:pytest" : "pytest", "addopts");
  return value === null ? null : shellWords(value);
}

// An ini key's value with its indented continuation lines (configparser's multi-line values).
function iniValue(text: string, wanted: string, key: string): string | null {
  let section = "";
  let value: string[] | null = null;
  for (const line of text.split("\n")) {
    const header = /^\[([^\]]+)\]/.exec(line);
    if (header) {
      if (value !== null) break;
      section = header[1]!.trim();
      continue;
    }
    if (section !== wanted) continue;
    if (value !== null) {
      if (/^\s+\S/.test(line)) {
        value.push(line.trim());
        continue;
      }
      if (line.trim() === "" || /^\s*[#;]/.test(line)) continue;
      break;
    }
    const pair = new RegExp(`^${key}\\s*[=:]\\s*(.*)$`).exec(line);
    if (pair) value = [pair[1]!.trim()];
  }
  return value === null ? null : value.filter((v) => v !== "" && !/^[#;]/.test(v)).join(" ");
}

// pytest splits addopts with shlex.split: quotes and backslashes, no variables, no comments.
function shellWords(text: string): string[] {
  return parse(text, (name) => `$${name}`).flatMap((entry) => {
    if (typeof entry === "string") return [entry];
    if ("comment" in entry) return [`#${entry.comment}`];
    return [entry.op === "glob" ? entry.pattern : entry.op];
  });
}
