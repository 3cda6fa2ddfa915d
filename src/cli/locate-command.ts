// `xihe locate --repo DIR --log FILE [--json] [-k N] [--run CMD [--run-budget S]]`: the failures in a CI log (perception) plus
// the repository's code index -> the functions most likely at fault, best first, each with the
// signals that put it there. No model.
// This file only declares the flags: what runs them (perception, the index, the ranking: zod, yaml,
// execa and some 500 modules) is loaded when the command runs, so `xihe locate --help` and a usage
// error start without it, and `--timings` shows that load as a phase of its own.
import type { RegisterCommand } from "./register-command.ts";
import type { LocateFlags } from "./locate-action.ts";
import { createPhaseTimings } from "./phase-timings.ts";

export const registerLocateCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("locate")
    .description("Rank the functions most likely to cause the failures in a CI log (no model)")
    .requiredOption("--log <file>", "the failing log, or - to read stdin")
    .option("--repo <dir>", "the repository checkout (default: the current directory)")
    .option("--json", 'print {"results":[{file,symbol,startLine,endLine,score,why}]}')
    .option("-k <n>", "how many locations to print", "10")
    .option("--rerank", "let the configured model (XIHE_MODEL_*) reorder the top 10 (off by default)")
    .option("--run <cmd>", "re-run the failing tests of this test command in the sandbox with coverage")
    .option("--run-budget <seconds>", "time box for --run; static ranking when it runs out", "120")
    .option(
      "--save-coverage <file>",
      "with --run: write what each used run executed as JSON (to re-rank offline)",
    )
    .option("--timings", "print how long each phase took (start-up, modules, index, runs, ranking) on stderr")
    .action(async (flags: LocateFlags) => {
      const timings = createPhaseTimings();
      timings.add("start-up", performance.now());
      const { runLocate } = await timings.time("load modules", () => import("./locate-action.ts"));
      await runLocate(flags, io, timings);
      setExit(0);
    });
};
