// ShellCheck in its text formats: tty (`In path line N:`, the source line, then caret lines
// `^-- SC2086 (info): msg` whose caret column is the diagnostic's column), gcc
// (`path:line:col: warning: msg [SC2086]`), checkstyle XML, json1 (`{"comments":[...]}`) and json
// (`[{...}]`). Every level counts (error, warning, info, style).
import { z } from "zod";
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";

const TTY_HEADER = /^In (.+) line (\d+):$/;
const TTY_CARET = /^(\s*)\^[-^]*\^?-* (SC\d{4}) \((\w+)\): (.*)$/;
const GCC = /^(.+?):(\d+):(\d+): (error|warning|note|style|info): (.*) \[(SC\d{4})\]$/;
const CS_FILE = /^<file name='(.*)' ?>$/;
const CS_ERROR =
  /^<error line='(\d+)' column='(\d+)' severity='(\w+)' message='(.*)' source='ShellCheck\.(SC\d{4})' ?\/>$/;
const JSON_LINE = /^(?:\{"comments":\[|\[\{"file":)/;

const comment = z.object({
  file: z.string(),
  line: z.number(),
  column: z.number(),
  level: z.string(),
  code: z.number(),
  message: z.string(),
});
const jsonReport = z.union([z.object({ comments: z.array(comment) }), z.array(comment)]);

export const shellcheckParser: LogParser = {
  tool: "shellcheck",
  // Every format names the SC code or is JSON with `"code":`.
  markers: ["SC", '"code":'],
  detect(lines) {
    for (const line of lines) {
      if (!line.includes("SC") && !line.includes('"code":')) continue;
      if (GCC.test(line) || CS_ERROR.test(line) || TTY_CARET.test(line)) return 85;
      if (JSON_LINE.test(line) && line.includes('"code":')) return 85;
    }
    return 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    let tty: { file: string; line: number } | null = null;
    let xmlFile: string | null = null;
    for (const line of lines) {
      const header = TTY_HEADER.exec(line);
      if (header) {
        tty = { file: header[1] ?? "", line: Number(header[2]) };
        continue;
      }
      const caret = tty ? TTY_CARET.exec(line) : null;
      if (tty && caret) {
        const [, pad = "", code = "", , message = ""] = caret;
        failures.push(build(context, tty.file, tty.line, pad.length + 1, code, message));
        continue;
      }
      const gcc = GCC.exec(line);
      if (gcc) {
        const [, file = "", row, col, , message = "", code = ""] = gcc;
        failures.push(build(context, file, Number(row), Number(col), code, message));
        continue;
      }
      xmlFile = CS_FILE.exec(line)?.[1] ?? xmlFile;
      const cs = xmlFile !== null ? CS_ERROR.exec(line) : null;
      if (cs && xmlFile !== null) {
        const [, row, col, , message = "", code = ""] = cs;
        failures.push(build(context, decodeXml(xmlFile), Number(row), Number(col), code, decodeXml(message)));
        continue;
      }
      if (JSON_LINE.test(line)) failures.push(...fromJson(line, context));
    }
    return failures;
  },
};

function fromJson(line: string, context: ParseContext): Failure[] {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return []; // a truncated or interleaved line: the text formats are still read
  }
  const parsed = jsonReport.safeParse(data);
  if (!parsed.success) return [];
  const comments = Array.isArray(parsed.data) ? parsed.data : parsed.data.comments;
  return comments.map((c) => build(context, c.file, c.line, c.column, `SC${c.code}`, c.message));
}

function build(
  context: ParseContext,
  file: string,
  line: number,
  column: number,
  code: string,
  message: string,
): Failure {
  return {
    tool: "shellcheck",
    kind: "lint",
    file: context.toRepoPath(file),
    line,
    column,
    test: null,
    message,
    rule: code,
    frames: [],
  };
}

function decodeXml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
