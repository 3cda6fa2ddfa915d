// One test file alone under mocha: the command's options with its own spec (the paths after `mocha`,
// `--spec`) replaced by the file. mocha adds a `spec` named in its config (.mocharc.*, package.json's
// "mocha" key) to the files on its command line, so with one there a file cannot run alone.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

// mocha's options that take a value, so the value is not taken for a spec path.
const withValue = new Set([
  "--reporter",
  "-R",
  "--reporter-option",
  "--reporter-options",
  "-O",
  "--require",
  "-r",
  "--import",
  "--timeout",
  "-t",
  "--slow",
  "-s",
  "--ui",
  "-u",
  "--grep",
  "-g",
  "--fgrep",
  "-f",
  "--file",
  "--ignore",
  "--exclude",
  "--extension",
  "--config",
  "--package",
  "--retries",
  "--jobs",
  "-j",
  "--node-option",
  "-n",
  "--watch-files",
  "--watch-ignore",
]);

const configFiles = [
  ".mocharc.js",
  ".mocharc.cjs",
  ".mocharc.yaml",
  ".mocharc.yml",
  ".mocharc.jsonc",
  ".mocharc.json",
];

export type MochaFileArgv = { ok: true; argv: (file: string) => string[] } | { ok: false; reason: string };

export function mochaFileArgv(root: string, argv: readonly string[]): MochaFileArgv {
  const at = argv.findIndex((w) => /^_?mocha(\.js)?$/.test(w.split("/").pop() ?? w));
  const options: string[] = [];
  let configPath: string | null = null;
  for (let i = at + 1; i < argv.length; i++) {
    const word = argv[i] ?? "";
    if (word === "--spec") {
      i++; // the command's own spec goes: the file takes its place
      continue;
    }
    if (word.startsWith("--spec=")) continue;
    if (!word.startsWith("-")) continue; // a spec path
    options.push(word);
    if (withValue.has(word) && i + 1 < argv.length) {
      const value = argv[++i] ?? "";
      if (word === "--config") configPath = value;
      options.push(value);
    } else if (word.startsWith("--config=")) configPath = word.slice("--config=".length);
  }
  const configSpec = specInConfig(root, configPath);
  if (configSpec !== null)
    return {
      ok: false,
      reason: `mocha's config (${configSpec}) names a spec, which mocha runs besides any file it is given; no test file could be run alone`,
    };
  const head = argv.slice(0, at + 1);
  return { ok: true, argv: (file) => [...head, ...options, file] };
}

/** The config file that names a spec, or null. Unreadable or unparsed text is searched as text. */
function specInConfig(root: string, given: string | null): string | null {
  const candidates = given === null ? configFiles : [given];
  for (const name of candidates) {
    const path = join(root, name);
    if (!existsSync(path)) continue;
    if (/(^|[\s{,."'])spec["']?\s*[:=]/m.test(readText(path))) return name;
    if (given !== null) return null;
  }
  try {
    const pkg = JSON.parse(readText(join(root, "package.json"))) as { mocha?: { spec?: unknown } };
    if (pkg.mocha?.spec !== undefined) return 'package.json "mocha"';
  } catch {
    // no package.json, or not JSON: mocha would not read a config from it either
  }
  return null;
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
