// One test file alone under mocha: the command's options with its own spec (the paths after `mocha`,
// `--spec`) replaced by the file. mocha adds a `spec` named in its config (.mocharc.*, package.json's
// "mocha" key) to the files on its command line, so with one there a file cannot run alone.
import { readRepoFile } from "../../read-repo-file.ts";

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
    // Read as the index reads the checkout: a link planted by the PR reads as absent.
    const text = readRepoFile(root, name)?.toString("utf8");
    if (text === undefined) continue;
    if (/(^|[\s{,."'])spec["']?\s*[:=]/m.test(text)) return name;
    if (given !== null) return null;
  }
  try {
    const pkg = JSON.parse(readRepoFile(root, "package.json")?.toString("utf8") ?? "") as {
      mocha?: { spec?: unknown };
    };
    if (pkg.mocha?.spec !== undefined) return 'package.json "mocha"';
  } catch {
    // no package.json, or not JSON: mocha would not read a config from it either
  }
  return null;
}
