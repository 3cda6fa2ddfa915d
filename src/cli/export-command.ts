// `xihe export --since DATE [--repo OWNER/NAME] [--out DIR]`: writes the archive records of every run
// that ended since DATE from the store (XIHE_STORE) — the same files, layout and schema the App
// writes after each run (runs/ARCHIVE.md) — to DIR, default XIHE_ARCHIVE. Re-running overwrites
// each run's file with the same content.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { loadEnv } from "../config.ts";
import { UsageError } from "../errors.ts";
import { openRunArchive } from "../runs/open-run-archive.ts";
import { isPostgresUrl, openStore } from "../store/open-store.ts";
import { createLogger } from "../logger.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";
import type { RegisterCommand } from "./register-command.ts";

interface ExportFlags {
  since: string;
  repo?: string;
  out?: string;
}

/** One export reads at most this many runs; a larger window is refused with a way to narrow it. */
const maxExportRuns = 100_000;

export const registerExportCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("export")
    .description(
      "Write the run archive (gzip JSONL, runs/ARCHIVE.md) of runs ended since a date, from the store",
    )
    .requiredOption("--since <date>", "runs that ended at or after this day (YYYY-MM-DD) or ISO time (UTC)")
    .option("--repo <owner/name>", "only this repository's runs")
    .option("--out <dir|s3://bucket/prefix>", "the archive to write to (default: XIHE_ARCHIVE)")
    .action(async (flags: ExportFlags) => setExit(await exportRuns(flags, io)));
};

async function exportRuns(flags: ExportFlags, io: CliIo): Promise<ExitCode> {
  const since = sinceOf(flags.since);
  const env = loadEnv(io.env);
  const storePath = isPostgresUrl(env.XIHE_STORE) ? env.XIHE_STORE : resolve(io.cwd, env.XIHE_STORE);
  if (!isPostgresUrl(storePath) && !existsSync(storePath))
    throw new UsageError(`no store at ${storePath}: set XIHE_STORE to the App's or the CLI's store file`);
  const target = flags.out ?? env.XIHE_ARCHIVE;
  const out = target.startsWith("s3:") ? target : resolve(io.cwd, target);
  const archive = openRunArchive(env, out);
  const log = createLogger({ level: env.LOG_LEVEL ?? "warn", destination: { write: io.stderr } });
  const store = await openStore(storePath, { poolSize: env.XIHE_STORE_POOL_SIZE, log });
  try {
    const runs = await store.listRuns({ endedSince: since, repo: flags.repo, limit: maxExportRuns + 1 });
    if (runs.length > maxExportRuns)
      throw new UsageError(
        `more than ${maxExportRuns} runs ended since ${since}; export a later --since first`,
      );
    let records = 0;
    for (const run of runs.reverse()) {
      const steps = await store.listSteps(run.id);
      await archive.write(run, steps);
      records += 1 + steps.length;
    }
    io.stdout(`exported ${runs.length} run(s), ${records} record(s), ended since ${since}, to ${out}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

function sinceOf(text: string): string {
  const at = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(text)
    ? new Date(/T/.test(text) && !/(Z|[+-]\d{2}:\d{2})$/.test(text) ? `${text}Z` : text)
    : null;
  if (!at || Number.isNaN(at.getTime()))
    throw new UsageError(
      `--since takes a day (2026-12-01) or an ISO time (2026-12-01T08:00:00Z); got "${text}"`,
    );
  return at.toISOString();
}
