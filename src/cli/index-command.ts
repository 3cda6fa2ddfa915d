// `xihe index --repo DIR [--json]`: build (or refresh) the code index of a checkout and report
// what it holds: files, symbols, imports, call edges, skipped files with reasons, time, cache use.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { RegisterCommand } from "./register-command.ts";
import { parseRepoConfig } from "../config.ts";
import { UsageError } from "../errors.ts";
import { buildIndex } from "../understanding/index/build-index.ts";
import type { CodeIndex } from "../understanding/index/code-index.ts";

interface IndexFlags {
  repo?: string;
  json?: boolean;
  workers: string;
  cache?: string | false;
}

export const registerIndexCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("index")
    .description("Build the code index of a checkout (cached by git blob SHA) and summarise it")
    .option("--repo <dir>", "the repository checkout (default: the current directory)")
    .option("--json", "print the summary as JSON, with every skipped file")
    .option("--workers <n>", "parse worker threads (0 = parse on the main thread)", "1")
    .option("--cache <file>", "the SQLite cache file (default: <repo>/.xihe/index-cache.sqlite)")
    .option("--no-cache", "index without reading or writing a cache")
    .action(async (flags: IndexFlags) => {
      const workers = Number(flags.workers);
      if (!Number.isInteger(workers) || workers < 0)
        throw new UsageError(`--workers must be a whole number >= 0; got ${flags.workers}`);
      const root = resolve(io.cwd, flags.repo ?? ".");
      if (!existsSync(root) || !statSync(root).isDirectory())
        throw new UsageError(`--repo must be a directory; ${flags.repo ?? root} is not one`);
      const configPath = join(root, ".github", "xihe.yml");
      const config = parseRepoConfig(existsSync(configPath) ? readFileSync(configPath, "utf8") : null);
      const cache =
        flags.cache === false ? null : flags.cache === undefined ? undefined : resolve(io.cwd, flags.cache);
      const index = await buildIndex(root, { cache, workers, ignore: config.understanding.ignore });
      const summary = summarise(index);
      io.stdout(flags.json ? `${JSON.stringify(summary)}\n` : renderSummary(summary));
      setExit(0);
    });
};

export function summarise(index: CodeIndex) {
  const stats = index.stats;
  const skippedByReason: Record<string, number> = {};
  for (const s of index.skipped) skippedByReason[s.reason] = (skippedByReason[s.reason] ?? 0) + 1;
  const languages: Record<string, number> = {};
  for (const f of index.files) languages[f.language] = (languages[f.language] ?? 0) + 1;
  return {
    root: index.root,
    files: index.files.length,
    testFiles: index.files.filter((f) => f.isTest).length,
    languages,
    bytes: index.files.reduce((n, f) => n + f.bytes, 0),
    symbols: index.symbols.length,
    imports: {
      total: index.imports.length,
      resolved: index.imports.filter((i) => i.resolved !== null).length,
    },
    edges: { total: index.calls.length, resolved: index.calls.filter((c) => c.to !== null).length },
    skippedByReason,
    skipped: index.skipped,
    timeMs: Math.round(stats?.durationMs ?? 0),
    parsedFiles: stats?.parsedFiles ?? 0,
    cacheHits: stats?.cacheHits ?? 0,
  };
}

type Summary = ReturnType<typeof summarise>;

// Unsupported languages (docs, configs) are only counted; every other skip is listed.
function renderSummary(s: Summary): string {
  const count = (o: Record<string, number>) =>
    Object.entries(o)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k} ${v}`)
      .join(", ") || "none";
  const listed = s.skipped.filter((f) => f.reason !== "unsupported_language");
  return [
    `indexed ${s.root}`,
    `files     ${s.files} (${s.testFiles} test files; ${count(s.languages)}), ${(s.bytes / 1e6).toFixed(2)} MB`,
    `symbols   ${s.symbols}`,
    `imports   ${s.imports.total} (${s.imports.resolved} resolved inside the repository)`,
    `edges     ${s.edges.total} call sites (${s.edges.resolved} resolved to a symbol)`,
    `skipped   ${s.skipped.length} (${count(s.skippedByReason)})`,
    ...listed.map((f) => `  ${f.path}: ${f.reason}`),
    `time      ${s.timeMs} ms (${s.parsedFiles} parsed, ${s.cacheHits} from cache)`,
    "",
  ].join("\n");
}
