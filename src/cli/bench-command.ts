// `xihe bench --tasks FILE|DIR [--model M] [--concurrency N] [--budget USD] [--out DIR] [--no-llm]`:
// measures the fix rate of a model (or of the deterministic tier alone) on a task pack, running the
// same fix as `xihe fix` on every task in the sandbox and judging it by re-running the suite.
// `xihe bench make` builds a pack from a repository, `xihe bench compare A B` sets two runs side by side.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import type { RegisterCommand } from "./register-command.ts";
import type { CliIo, ExitCode } from "./cli-io.ts";
import { loadEnv } from "../config.ts";
import { UsageError } from "../errors.ts";
import { createLogger } from "../logger.ts";
import { modelSettingsFromEnv } from "../agent/model/model-settings.ts";
import { openSqliteStore } from "../store/sqlite-store.ts";
import { readTaskPack } from "../bench/read-task-pack.ts";
import { runBench } from "../bench/run-bench.ts";
import { runBenchTask } from "../bench/run-bench-task.ts";
import type { BenchRecord } from "../bench/bench-record.ts";
import { readBenchRecords } from "../bench/bench-results.ts";
import { renderBenchTable, seconds } from "../bench/render-bench-table.ts";
import { renderBenchHtml } from "../bench/render-bench-html.ts";
import { renderBenchComparison, solvedRegressions } from "../bench/compare-bench.ts";
import { registerBenchMakeCommand } from "./bench-make-command.ts";
import { scratchDir } from "../bench/scratch-dir.ts";

interface BenchFlags {
  tasks?: string;
  model?: string;
  concurrency: string;
  budget?: string;
  out?: string;
  llm: boolean;
}

export const registerBenchCommand: RegisterCommand = (program, io, setExit) => {
  const bench = program
    .command("bench")
    // `xihe bench make --out X`: options after a subcommand are the subcommand's (cli.ts does the same).
    .enablePositionalOptions()
    .description(
      "Measure fix rates on a task pack: the same fix as `xihe fix` per task, judged by re-running the suite",
    )
    .option("--tasks <file|dir>", "the task pack: a tasks.jsonl or the folder holding it")
    .option(
      "--model <name>",
      "the model to plan with (default: XIHE_MODEL); the endpoint is XIHE_MODEL_BASE_URL",
    )
    .option("--concurrency <n>", "tasks run at the same time", "1")
    .option(
      "--budget <usd>",
      "cost budget in USD per task (default: budget.max_cost_usd of the task's config)",
    )
    .option(
      "--out <dir>",
      "results folder: results.jsonl, report.html, the runs' store (default: .xihe/bench/<pack>-<model>)",
    )
    .option("--no-llm", "deterministic fixers only, no model")
    .action((flags: BenchFlags) => runBenchCommand(flags, io, setExit));
  registerBenchMakeCommand(bench, io, setExit);
  bench
    .command("compare")
    .description("Two bench runs side by side (results folders or results.jsonl files)")
    .argument("<a>", "the first run")
    .argument("<b>", "the second run")
    .option("--html <file>", "also write an HTML report of both")
    .option(
      "--fail-on-regression",
      "exit 1 when a task the first run solved is not solved by the second (e.g. a committed baseline, then this run)",
    )
    .action((a: string, b: string, flags: { html?: string; failOnRegression?: boolean }) => {
      const runs = [a, b].map((path) => ({
        label: basename(resolve(io.cwd, path)),
        records: readRun(io, path),
      }));
      io.stdout(renderBenchComparison(runs[0]!, runs[1]!));
      if (flags.html) {
        const file = resolve(io.cwd, flags.html);
        writeFileSync(file, renderBenchHtml(runs, "Xihe bench: comparison"));
        io.stdout(`HTML report: ${file}\n`);
      }
      const regressed = flags.failOnRegression ? solvedRegressions(runs[0]!, runs[1]!) : [];
      if (regressed.length > 0)
        io.stderr(
          `xihe bench: ${runs[1]!.label} no longer solves what ${runs[0]!.label} solved: ${regressed.join(", ")}\n`,
        );
      setExit(regressed.length > 0 ? 1 : 0);
    });
};

function readRun(io: CliIo, path: string): BenchRecord[] {
  const records = readBenchRecords(resolve(io.cwd, path));
  if (records.length === 0) throw new UsageError(`${path} holds no bench results (results.jsonl)`);
  return records;
}

async function runBenchCommand(
  flags: BenchFlags,
  io: CliIo,
  setExit: (code: ExitCode) => void,
): Promise<void> {
  if (!flags.tasks) throw new UsageError("--tasks is required: a tasks.jsonl or the folder holding it");
  const concurrency = Number(flags.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new UsageError(`--concurrency must be a whole number >= 1; got ${flags.concurrency}`);
  const maxCostUsd = flags.budget === undefined ? undefined : Number(flags.budget);
  if (maxCostUsd !== undefined && !(Number.isFinite(maxCostUsd) && maxCostUsd >= 0))
    throw new UsageError(`--budget must be a number of US dollars >= 0; got ${flags.budget}`);
  const env = loadEnv(flags.model ? { ...io.env, XIHE_MODEL: flags.model } : io.env);
  const settings = flags.llm ? modelSettingsFromEnv(env) : null;
  if (flags.llm && !settings)
    throw new UsageError(
      "no model configured: set XIHE_MODEL_BASE_URL and XIHE_MODEL (or --model), or pass --no-llm",
    );
  const model = settings ? settings.models.planning : "none";
  const pack = readTaskPack(resolve(io.cwd, flags.tasks));
  const packName = basename(flags.tasks.replace(/\/+$/, "")).replace(/\.jsonl$/, "");
  const outDir = resolve(
    io.cwd,
    flags.out ?? join(".xihe", "bench", `${packName}-${model.replace(/[^\w.-]+/g, "_")}`),
  );
  mkdirSync(outDir, { recursive: true });
  const log = createLogger({ level: env.LOG_LEVEL ?? "warn", destination: { write: io.stderr } });
  const store = openSqliteStore(join(outDir, "xihe.db"));
  const now = () => new Date();
  const total = pack.tasks.length;
  let finished = 0;
  try {
    const records = await runBench({
      tasks: pack.tasks,
      outDir,
      concurrency,
      options: { useModel: flags.llm, model, maxCostUsd },
      runTask: (task) =>
        runBenchTask(
          {
            store,
            env,
            now,
            log,
            fetch: globalThis.fetch,
            hostEnv: io.env,
            newId: () => randomBytes(4).toString("hex"),
            random: Math.random,
            tempDir: scratchDir(),
          },
          task,
          { useModel: flags.llm, model, maxCostUsd },
        ),
      onStart: (done, pending) => {
        finished = done;
        io.stderr(
          `xihe bench: ${total} task(s), ${done} already finished in ${outDir}, ${pending} to run (model ${model})\n`,
        );
      },
      onRecord: (r) =>
        io.stderr(
          `  [${++finished}/${total}] ${r.taskId}: ${r.outcome.replace("_", " ")} (${seconds(r.wallMs)})${r.because ? ` — ${r.because}` : ""}\n`,
        ),
    });
    io.stdout(renderBenchTable(records));
    const html = join(outDir, "report.html");
    writeFileSync(html, renderBenchHtml([{ label: basename(outDir), records }], `Xihe bench: ${packName}`));
    io.stdout(`results: ${join(outDir, "results.jsonl")}\nHTML report: ${html}\n`);
    setExit(0);
  } finally {
    await store.close();
  }
}
