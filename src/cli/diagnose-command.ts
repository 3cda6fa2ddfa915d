// `xihe diagnose --log FILE|- [--repo DIR] [--json]`: reads a CI log (streamed from disk, or stdin),
// prints the failures grouped by tool (or the JSON wire form) and whose fault the run is.
// Exit 1 when failures were found, 0 when none, 2 on usage errors. `xihe diagnose --pr OWNER/REPO#N`
// is the App's diagnosis run on a pull request with GITHUB_TOKEN (pr-run-command.ts).
import { createReadStream, existsSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import type { RegisterCommand } from "./register-command.ts";
import type { CliIo } from "./cli-io.ts";
import { UsageError } from "../errors.ts";
import { diagnose, type DiagnoseResult } from "../perception/diagnose.ts";
import { renderDiagnosis } from "./render-diagnosis.ts";
import { runPrFromCli } from "./pr-run-command.ts";

interface DiagnoseFlags {
  log?: string;
  pr?: string;
  repo?: string;
  json?: boolean;
}

export const registerDiagnoseCommand: RegisterCommand = (program, io, setExit) => {
  program
    .command("diagnose")
    .description(
      "Read a failing CI log and list the failures (tool, file:line, test, message) and their cause",
    )
    .option("--log <file>", "the log file, or - to read stdin")
    .option("--repo <dir>", "the repository checkout the log belongs to (maps absolute paths to it)")
    .option(
      "--pr <owner/repo#n>",
      "diagnose a pull request's failing checks on GitHub instead, as the App does: a comment, a check run with annotations (needs GITHUB_TOKEN)",
    )
    .option("--json", "print {failures, classification} as JSON")
    .action(async (flags: DiagnoseFlags) => {
      if (flags.pr !== undefined) {
        const given = [flags.log !== undefined && "--log", flags.repo !== undefined && "--repo"];
        const json = flags.json === true;
        const request = { verb: "diagnose" as const, pr: flags.pr, args: "", json };
        return setExit(await runPrFromCli({ ...request, given: given.filter((g) => g !== false) }, io));
      }
      if (flags.log === undefined)
        throw new UsageError("diagnose needs --log FILE (or - for stdin), or --pr OWNER/REPO#N");
      const result = await diagnoseLog({ ...flags, log: flags.log }, io);
      io.stdout(flags.json ? `${JSON.stringify(toWire(result))}\n` : renderDiagnosis(result));
      setExit(result.failures.length > 0 ? 1 : 0);
    });
};

async function diagnoseLog(flags: DiagnoseFlags & { log: string }, io: CliIo): Promise<DiagnoseResult> {
  const repoRoot = flags.repo === undefined ? undefined : resolve(io.cwd, flags.repo);
  if (repoRoot !== undefined && !isDirectory(repoRoot)) {
    throw new UsageError(`--repo must be a directory; ${flags.repo} is not one`);
  }
  const fileExists = repoRoot === undefined ? undefined : (rel: string) => existsSync(join(repoRoot, rel));
  const options = { repoRoot, fileExists };
  if (flags.log === "-") return diagnose(await io.readStdin(), options);
  const path = isAbsolute(flags.log) ? flags.log : resolve(io.cwd, flags.log);
  if (!existsSync(path))
    throw new UsageError(`log file not found: ${flags.log} (give an existing file, or - for stdin)`);
  if (isDirectory(path)) throw new UsageError(`--log must be a file; ${flags.log} is a directory`);
  return diagnose(createReadStream(path), options);
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** The wire form, exactly the fields the issue names. */
function toWire(result: DiagnoseResult) {
  return {
    failures: result.failures.map(({ tool, kind, file, line, column, test, message, rule }) => ({
      tool,
      kind,
      file,
      line,
      column,
      test,
      message,
      rule,
    })),
    classification: result.classification,
  };
}
