// node:test's TAP reporter (the default when stdout is not a terminal): `not ok N - name` followed by
// a YAML diagnostic block (location, failureType, error, stack). A test file that crashed before
// reporting shows up as `not ok - /abs/file` with `error: 'test failed'`; its real error is in the
// `# ` comment lines (the child's stderr) printed just before it.
import { readNodeTestFields, type NodeTestFields } from "./node-test-yaml.ts";
import type { Failure } from "../failure.ts";
import type { ParseContext } from "./log-parser.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";
import { tapUnescape } from "./tap-unescape.ts";

const NOT_OK = /^(\s*)not ok \d+ - (.*?)(\s+#\s*(?:TODO|SKIP)\b.*)?$/i;
const LOCATION = /^(.*):(\d+):(\d+)$/;
const ERROR_LINE = /^(?:[\w.]*Error|Error|AssertionError)\b.*?:/;
const MAX_COMMENT_LINES = 200;

export function parseNodeTestTap(lines: readonly string[], context: ParseContext): Failure[] {
  const failures: Failure[] = [];
  let comments: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (!line.includes("# ") && !line.includes("ok ")) continue;
    const trimmed = line.trimStart();
    if (trimmed.startsWith("# Subtest:")) continue;
    if (trimmed.startsWith("# ")) {
      if (comments.length < MAX_COMMENT_LINES) comments.push(trimmed.slice(2));
      continue;
    }
    const notOk = trimmed.startsWith("not ok") ? NOT_OK.exec(line) : null;
    if (!notOk) {
      if (/^\s*ok \d+/.test(line)) comments = [];
      continue;
    }
    const { fields, end } = readYamlBlock(lines, i + 1);
    i = end - 1;
    const crashLog = comments;
    comments = [];
    if (notOk[3] || fields.failureType === "subtestsFailed") continue;
    // node:test writes `\` and `#` as `\\` and `\#` (and a newline as `\\n`: kept, since a title's own
    // backslash and `n` print the same).
    failures.push(tapFailure(tapUnescape(notOk[2] ?? ""), fields, crashLog, context));
  }
  return failures;
}

type YamlFields = NodeTestFields;

function readYamlBlock(lines: readonly string[], from: number): { fields: YamlFields; end: number } {
  if (!(lines[from] ?? "").trim().startsWith("---")) return { fields: {}, end: from };
  const indent = (lines[from] ?? "").indexOf("-");
  const body: string[] = [];
  let j = from + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? "";
    if (line.includes("...") && line.trim() === "..." && line.indexOf(".") === indent) break;
    body.push(line.slice(indent));
  }
  return { fields: toFields(body), end: j + 1 };
}

function toFields(body: string[]): YamlFields {
  return readNodeTestFields(body);
}

function tapFailure(name: string, fields: YamlFields, crashLog: string[], context: ParseContext): Failure {
  const declared = LOCATION.exec(fields.location ?? "");
  const declaredFile = declared ? context.toRepoPath(declared[1] ?? "") : null;
  const killedBy = fields.error === "test failed" ? fields.signal : undefined;
  const isFileCrash =
    fields.error === "test failed" && (fields.exitCode !== undefined || killedBy !== undefined);
  const stackLines = isFileCrash ? crashLog : (fields.stack ?? "").split("\n");
  const frames: ParsedJsFrame[] = [];
  for (const line of stackLines) {
    const parsed = parseJsStackFrame(line, context, false);
    if (parsed) frames.push(parsed);
  }
  const location =
    innermostProjectLocation(frames) ?? (isFileCrash ? crashHeaderLocation(crashLog, context) : null);
  const message = killedBy
    ? `test file's process was killed by ${killedBy}`
    : isFileCrash
      ? (crashLog.find((l) => ERROR_LINE.test(l.trim())) ?? fields.error ?? "").trim()
      : (fields.error ?? "").trim();
  return {
    tool: "node:test",
    kind: killedBy ? "crash" : "test",
    file: location?.file ?? declaredFile,
    line: location ? location.line : declared ? Number(declared[2]) : null,
    column: location ? location.column : declared ? Number(declared[3]) : null,
    test: isFileCrash ? null : name,
    message,
    rule: null,
    frames: frames.map((p) => p.frame),
  };
}

// Node prints `file:///abs/file.js:3` above the source line of a syntax or link error.
function crashHeaderLocation(crashLog: string[], context: ParseContext) {
  for (const line of crashLog) {
    const m = /^((?:file:\/\/)?\/\S+|[A-Za-z]:\\\S+):(\d+)$/.exec(line.trim());
    if (m && !context.isExternal(m[1] ?? ""))
      return { file: context.toRepoPath(m[1] ?? ""), line: Number(m[2]), column: null };
  }
  return null;
}
