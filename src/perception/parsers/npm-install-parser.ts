// npm's own errors (`npm error code ETARGET` + details; npm 6 and older: `npm ERR!`): one failure per
// error report. A failing package script (`Lifecycle script … failed`, ELIFECYCLE) is not npm's own
// failure: the script's tool reports it, so those reports are skipped.
import type { Failure } from "../failure.ts";
import { installFailure } from "./install-failure.ts";
import type { LogParser } from "./log-parser.ts";

const PREFIX = /^npm (?:error|ERR!) ?/;
const CODE = /^npm (?:error|ERR!) code (\S+)/;
const LIFECYCLE = /Lifecycle script|ELIFECYCLE|^npm (?:error|ERR!) (?:command failed|command sh )/;
const NOISE = /^(?:A complete log of this run|Log files were not written|errno |code |syscall |path |$)/;
const MAX_LINES = 4;

export const npmInstallParser: LogParser = {
  tool: "npm",
  markers: ["npm error", "npm ERR!"],
  detect(lines) {
    for (const line of lines)
      if (line.startsWith("npm ") && PREFIX.test(line) && !LIFECYCLE.test(line)) return 70;
    return 0;
  },
  parse(lines) {
    const failures: Failure[] = [];
    let report: string[] | null = null;
    let code: string | null = null;
    const finish = () => {
      if (report && !report.some((l) => LIFECYCLE.test(l))) failures.push(npmFailure(code, report));
      report = null;
      code = null;
    };
    for (const line of lines) {
      if (!line.startsWith("npm ") || !PREFIX.test(line)) {
        if (report) finish();
        continue;
      }
      const codeMatch = CODE.exec(line);
      if (codeMatch) {
        finish();
        code = codeMatch[1] ?? null;
      }
      (report ??= []).push(line);
      if (/A complete log of this run/.test(line)) finish();
    }
    finish();
    return failures;
  },
};

function npmFailure(code: string | null, report: readonly string[]): Failure {
  const text = report.map((l) => l.replace(PREFIX, "").trim()).filter((l) => !NOISE.test(l));
  // `npm ci` prints its whole usage after the reason; the reason comes first.
  const message = text.slice(0, MAX_LINES).join("\n");
  return installFailure(message, code);
}
