// `eslint -f json`: one line holding every file's messages. Parsed as JSON with zod; if the line was
// truncated (a huge report, threat A18) the complete message objects before the cut are still read.
import { z } from "zod";
import type { Failure } from "../failure.ts";
import type { ParseContext } from "./log-parser.ts";

const message = z.object({
  ruleId: z.string().nullable().optional(),
  severity: z.number(),
  message: z.string(),
  line: z.number().optional(),
  column: z.number().optional(),
});
const report = z.array(z.object({ filePath: z.string(), messages: z.array(message) }));
const FILE_PATH = /"filePath":"((?:[^"\\]|\\.)*)","messages":\[/g;
const MESSAGE =
  /\{"ruleId":(null|"(?:[^"\\]|\\.)*"),"severity":(\d),"message":"((?:[^"\\]|\\.)*)","line":(\d+),"column":(\d+)/g;

export function parseEslintJson(line: string, context: ParseContext): Failure[] {
  const parsed = report.safeParse(tryJson(line));
  if (parsed.success) {
    return parsed.data.flatMap((file) =>
      file.messages.map((m) =>
        failure(
          context.toRepoPath(file.filePath),
          m.line ?? null,
          m.column ?? null,
          m.message,
          m.ruleId ?? null,
        ),
      ),
    );
  }
  return scanTruncated(line, context);
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function scanTruncated(line: string, context: ParseContext): Failure[] {
  const files = [...line.matchAll(FILE_PATH)].map((m) => ({ at: m.index, path: unquote(m[1] ?? "") }));
  const failures: Failure[] = [];
  for (const m of line.matchAll(MESSAGE)) {
    const owner = files.filter((f) => f.at < m.index).at(-1);
    if (!owner) continue;
    const rule = m[1] === "null" || m[1] === undefined ? null : unquote(m[1].slice(1, -1));
    failures.push(
      failure(context.toRepoPath(owner.path), Number(m[4]), Number(m[5]), unquote(m[3] ?? ""), rule),
    );
  }
  return failures;
}

function unquote(escaped: string): string {
  const value = tryJson(`"${escaped}"`);
  return typeof value === "string" ? value : escaped;
}

function failure(
  file: string,
  line: number | null,
  column: number | null,
  text: string,
  rule: string | null,
): Failure {
  return { tool: "eslint", kind: "lint", file, line, column, test: null, message: text, rule, frames: [] };
}
