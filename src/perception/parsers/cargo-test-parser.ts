// cargo test (libtest): the `failures:` list names every failed test; each test's `---- name stdout
// ----` block holds its panic. Panics print `thread 'name' (tid) panicked at src/x.rs:13:9:` followed by
// the message (Rust >= 1.73) or `thread 'name' panicked at 'message', src/x.rs:13:9` (older). A panic
// inside a dependency or std is located by the innermost project frame of the backtrace instead.
import type { Failure, Frame } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";

const RUNNING = /^running \d+ tests?$/;
const RESULT = /^test result: FAILED\./;
const TEST_FAILED = /^test (.+?) \.\.\. FAILED$/;
const STDOUT_BLOCK = /^---- (.+?) stdout ----$/;
const PANIC_NEW = /^thread '(.+?)'(?: \(\d+\))? panicked at (.+?):(\d+):(\d+):$/;
const PANIC_OLD = /^thread '(.+?)'(?: \(\d+\))? panicked at '(.*)$/;
const OLD_END = /^(.*)', (.+?):(\d+):(\d+)$/;
const BACKTRACE_AT = /^\s+at (.+?):(\d+)(?::\d+)?$/;
const BACKTRACE_FN = /^\s+\d+: (.+)$/;
// With --nocapture the panic is followed by libtest's own progress on the next lines.
const MESSAGE_END = /^(?:note: |stack backtrace:$|thread '|FAILED$|ok$|test .+ \.\.\. )/;
const LIST_ENTRY = /^ {4}(\S.*)$/;
const DOCTEST = /^(.+?) - (.+?) \(line (\d+)\)$/;

interface Panic {
  file: string;
  line: number;
  column: number;
  message: string;
  frames: Frame[];
}

export const cargoTestParser: LogParser = {
  tool: "cargo test",
  // detect needs a failed test line or a failed result line.
  markers: ["test result: FAILED.", " ... FAILED"],
  detect(lines) {
    let running = false;
    for (const line of lines) {
      if (line.startsWith("running ") && RUNNING.test(line)) running = true;
      else if (running && line.startsWith("test ") && (RESULT.test(line) || TEST_FAILED.test(line)))
        return 85;
    }
    return 0;
  },
  parse(lines, context) {
    const failed: string[] = [];
    const panics = new Map<string, Panic>();
    const outputs = new Map<string, string[]>();
    let block: string | null = null;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      const name = TEST_FAILED.exec(line)?.[1];
      if (name && !failed.includes(name)) failed.push(name);
      const stdout = STDOUT_BLOCK.exec(line);
      if (stdout) {
        block = stdout[1] ?? null;
        continue;
      }
      if (line === "failures:" || RESULT.test(line)) block = null;
      if (line === "failures:") {
        for (let j = i + 1; LIST_ENTRY.test(lines[j] ?? ""); j++) {
          const listed = LIST_ENTRY.exec(lines[j] ?? "")?.[1] ?? "";
          if (!failed.includes(listed)) failed.push(listed);
        }
      }
      const panic = readPanic(lines, i, context);
      if (panic) {
        const owner = panic.thread === "main" && block ? block : panic.thread;
        if (!panics.has(owner)) panics.set(owner, panic.panic);
        i = panic.end;
        continue;
      }
      if (block && line.trim() !== "") outputs.set(block, [...(outputs.get(block) ?? []), line]);
    }
    for (const name of panics.keys()) if (!failed.includes(name) && looksLikeTest(name)) failed.push(name);
    return failed.map((name) => build(name, panics.get(name), outputs.get(name), context));
  },
};

function readPanic(
  lines: readonly string[],
  start: number,
  context: ParseContext,
): { thread: string; panic: Panic; end: number } | null {
  const line = lines[start] ?? "";
  if (!line.startsWith("thread '")) return null;
  const modern = PANIC_NEW.exec(line);
  let thread: string;
  let file: string;
  let lineNo: number;
  let column: number;
  let message: string[] = [];
  let i = start + 1;
  if (modern) {
    [thread, file, lineNo, column] = [modern[1] ?? "", modern[2] ?? "", Number(modern[3]), Number(modern[4])];
    for (; i < lines.length; i++) {
      const next = lines[i] ?? "";
      if (next === "" || MESSAGE_END.test(next)) break;
      message.push(next);
    }
  } else {
    const old = PANIC_OLD.exec(line);
    if (!old) return null;
    thread = old[1] ?? "";
    let text = old[2] ?? "";
    let end = OLD_END.exec(text);
    for (; !end && i < lines.length && i < start + 50; i++) {
      text += `\n${lines[i] ?? ""}`;
      end = OLD_END.exec(text);
    }
    if (!end) return null;
    [file, lineNo, column] = [end[2] ?? "", Number(end[3]), Number(end[4])];
    message = [end[1] ?? ""];
  }
  const frames: Frame[] = [];
  if (lines[i] === "stack backtrace:") i = readBacktrace(lines, i + 1, frames, context);
  const panic = { file: context.toRepoPath(file), line: lineNo, column, message: message.join("\n"), frames };
  if (context.isExternal(file) || file.startsWith("/rustc/")) relocate(panic);
  return { thread, panic, end: i - 1 };
}

function readBacktrace(
  lines: readonly string[],
  from: number,
  frames: Frame[],
  context: ParseContext,
): number {
  let fn: string | null = null;
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const at = BACKTRACE_AT.exec(line);
    const header = at ? null : BACKTRACE_FN.exec(line);
    if (at) {
      const printed = at[1] ?? "";
      const external = printed.startsWith("/rustc/") || context.isExternal(printed);
      frames.push({ file: context.toRepoPath(printed), line: Number(at[2]), function: fn, external });
    } else if (header) fn = header[1] ?? null;
    else break;
  }
  return i;
}

// A panic raised in std or a dependency (unwrap on None inside a crate) is reported where project code
// called it: the innermost project frame (Rust backtraces list the innermost frame first).
function relocate(panic: Panic): void {
  const own = panic.frames.find((f) => !f.external);
  if (own) Object.assign(panic, { file: own.file, line: own.line ?? panic.line, column: null });
}

function looksLikeTest(name: string): boolean {
  return name !== "main" && name !== "<unnamed>";
}

function build(
  name: string,
  panic: Panic | undefined,
  output: string[] | undefined,
  context: ParseContext,
): Failure {
  const doctest = DOCTEST.exec(name);
  const fallbackFile = doctest ? context.toRepoPath(doctest[1] ?? "") : null;
  const fallbackLine = doctest ? Number(doctest[3]) : null;
  return {
    tool: "cargo test",
    kind: "test",
    file: panic?.file ?? fallbackFile,
    line: panic?.line ?? fallbackLine,
    column: panic?.column ?? null,
    test: name,
    message: panic?.message || output?.slice(0, 8).join("\n") || `test ${name} failed`,
    rule: null,
    frames: panic?.frames ?? [],
  };
}
