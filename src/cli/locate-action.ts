// What `xihe locate` runs once its flags are parsed (locate-command.ts declares them): the failures in
// the log, the repository's index, an optional coverage run (--run) and model rerank (--rerank), the
// ranking. Loaded by the command's action only, with everything it imports.
import { closeSync, existsSync, openSync, readSync, statSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { loadEnv } from "../config.ts";
import { UsageError } from "../errors.ts";
import { diagnose } from "../perception/diagnose.ts";
import { localize, type SuspectLocation } from "../understanding/localize/localize.ts";
import type { CliIo } from "./cli-io.ts";
import { readCheckoutConfig } from "./read-checkout-config.ts";
import { openRepoIndex } from "../understanding/index/open-repo-index.ts";
import { renderTimings, type PhaseTimings } from "./phase-timings.ts";

// Loaded only when a flag asks for them: the model client (the openai SDK) for --rerank, the sandbox,
// install and coverage runs for --run. A static `xihe locate` then starts without either.
const loadRerank = async () => ({
  ...(await import("../model-from-env.ts")),
  ...(await import("../understanding/localize/rerank-with-model.ts")),
});
const loadDynamic = async () => ({
  ...(await import("./locate-dynamic.ts")),
  ...(await import("../understanding/localize/dynamic/executions-json.ts")),
  ...(await import("../workspace/sandbox/return-checkout.ts")),
});

export interface LocateFlags {
  repo?: string;
  log: string;
  json?: boolean;
  k: string;
  rerank?: boolean;
  run?: string;
  runBudget: string;
  saveCoverage?: string;
  timings?: boolean;
}

/** Runs one `xihe locate`; throws UsageError on a bad flag value. */
export async function runLocate(flags: LocateFlags, io: CliIo, timings: PhaseTimings): Promise<void> {
  const limit = Number(flags.k);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`-k must be a positive integer; got ${flags.k}`);
  const logText = await readLog(flags.log, io);
  const budgetSeconds = Number(flags.runBudget);
  if (!(budgetSeconds > 0))
    throw new UsageError(`--run-budget must be a positive number of seconds; got ${flags.runBudget}`);
  const command = flags.run;
  if (flags.saveCoverage && !command) throw new UsageError("--save-coverage needs --run <cmd>");
  const config = readCheckoutConfig(io.cwd, flags.repo);
  const run = command ? await timings.time("load --run modules", loadDynamic) : null;
  // With --run, the install's registry discovery starts now and runs while the index is built.
  const registries = run?.registriesFor(io, resolve(io.cwd, flags.repo ?? "."), config);
  const repo = await timings.time("index", () => openRepoIndex(io.cwd, flags.repo, config));
  const diagnosis = await timings.time("perception", () =>
    diagnose(logText, {
      repoRoot: repo.root,
      fileExists: (rel) => existsSync(join(repo.root, rel)),
    }),
  );
  const dynamic =
    command && run
      ? await run.withCheckoutReturned(
          repo.root,
          () =>
            run.locateDynamic(
              io,
              repo,
              { failures: diagnosis.failures, logText },
              { command, budgetSeconds, registries },
              timings,
            ),
          (giveBack) => timings.timeSync("return checkout", giveBack),
        )
      : null;
  if (run && flags.saveCoverage && dynamic?.outcome.kind === "ranked")
    writeFileSync(resolve(io.cwd, flags.saveCoverage), run.executionsToJson(dynamic.outcome.executions));
  const rerank = flags.rerank ? await timings.time("load --rerank modules", loadRerank) : null;
  const complete = rerank ? rerank.modelFromEnv(loadEnv(io.env), 200) : null;
  if (flags.rerank && !complete)
    throw new UsageError("--rerank needs a model: set XIHE_MODEL_BASE_URL and XIHE_MODEL (or drop --rerank)");
  const ranked = timings.timeSync("ranking", () =>
    localize({
      index: repo.index,
      failures: diagnosis.failures,
      logText,
      readLines: repo.readLines,
      aliases: repo.config.understanding.aliases,
      callDepth: repo.config.understanding.call_depth,
      limit,
      ...dynamic?.evidence,
    }),
  );
  const failureText = diagnosis.failures
    .slice(0, 20)
    .map((f) => `${f.test ?? f.file ?? ""}: ${f.message}`)
    .join("\n");
  const results =
    rerank && complete
      ? await rerank.createModelRerank(complete, repo.readLines)(failureText, ranked)
      : ranked;
  const json =
    run && dynamic ? { results, dynamic: run.dynamicSummary(dynamic.outcome, dynamic.install) } : { results };
  io.stdout(flags.json ? `${JSON.stringify(json)}\n` : renderLocations(results));
  if (flags.timings)
    io.stderr(renderTimings([...timings.entries(), { phase: "total", ms: performance.now() }]));
}

// Failures sit at the end of a log; the lexical signals read at most this much of its tail.
const MAX_LOG_BYTES = 8 * 1024 * 1024;

async function readLog(log: string, io: CliIo): Promise<string> {
  if (log === "-") return (await io.readStdin()).slice(-MAX_LOG_BYTES);
  const path = isAbsolute(log) ? log : resolve(io.cwd, log);
  if (!existsSync(path) || !statSync(path).isFile())
    throw new UsageError(`log file not found: ${log} (give an existing file, or - for stdin)`);
  const size = statSync(path).size;
  const length = Math.min(size, MAX_LOG_BYTES);
  const buffer = Buffer.alloc(length);
  const fd = openSync(path, "r");
  try {
    readSync(fd, buffer, 0, length, size - length);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("utf8");
}

function renderLocations(results: readonly SuspectLocation[]): string {
  if (results.length === 0) return "No suspect locations: the log names no code this index knows.\n";
  return results
    .map(
      (r, i) =>
        `${i + 1}. ${r.file}:${r.startLine}-${r.endLine} ${r.symbol}  (score ${r.score})\n     ${r.why.join("; ")}\n`,
    )
    .join("");
}
