// mypy (and dmypy): `path.py:line[:col[:endline:endcol]]: error: message  [code]`. `note:` lines belong
// to the error above them; `--pretty` wraps a long message onto unindented continuation lines and adds
// an indented source line with a caret line.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";

const HEADER = /^(.+?\.pyi?):(\d+)(?::(\d+))?(?::\d+:\d+)?: (error|warning|note): (.*)$/;
const CONTEXT_NOTE = /^.+?\.pyi?: (?:note|error): /;
const SUMMARY =
  /^(?:Found \d+ errors? in \d+ files? \(checked \d+ source files?\)|Success: no issues found in \d+ source files?)$/;
const CODE = /\s{2}\[([\w-]+)\]$/;

export const mypyParser: LogParser = {
  tool: "mypy",
  // detect needs at least one `path:line: error: ` line.
  markers: [": error: "],
  detect(lines) {
    let errors = 0;
    let summary = false;
    for (const line of lines) {
      // Cheap character checks first: detect runs on every section of every log.
      if ((line.startsWith("Found ") || line.startsWith("Success: ")) && SUMMARY.test(line)) summary = true;
      else if (line.includes(": error: ") && HEADER.test(line)) errors++;
    }
    if (errors === 0) return 0;
    return summary ? 85 : 55;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    let current: Failure | null = null;
    let continuing = false;
    for (const line of lines) {
      const header = HEADER.exec(line);
      if (header) {
        const [, file = "", lineNo = "", col, severity = "", text = ""] = header;
        if (severity === "note") {
          if (current && context.toRepoPath(file) === current.file) current.message += `\n${text}`;
          continuing = false;
          continue;
        }
        current = build(context.toRepoPath(file), Number(lineNo), col ? Number(col) : null, text);
        failures.push(current);
        continuing = current.rule === null;
        continue;
      }
      if (!current || !continuing) continue;
      // --pretty: the wrapped rest of the message comes unindented, before the indented source line.
      if (line === "" || /^\s/.test(line) || SUMMARY.test(line) || CONTEXT_NOTE.test(line)) {
        continuing = false;
        continue;
      }
      const merged = build(current.file, current.line, current.column, `${current.message} ${line}`);
      Object.assign(current, merged);
      continuing = current.rule === null;
    }
    return failures;
  },
};

function build(file: string | null, line: number | null, column: number | null, text: string): Failure {
  const code = CODE.exec(text);
  return {
    tool: "mypy",
    kind: "type",
    file,
    line,
    column,
    test: null,
    message: code ? text.slice(0, code.index).trim() : text.trim(),
    rule: code?.[1] ?? null,
    frames: [],
  };
}
