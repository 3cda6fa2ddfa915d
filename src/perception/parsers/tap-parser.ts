// node-tap and other TAP 13/14 producers: nested `# Subtest:` blocks, `not ok N - name` with an
// indented YAML diagnostic (`at: {fileName, lineNumber}`, `stack`, `type`). Only leaves count: a
// `not ok` whose block holds its children's plan (`1..N`) failed because a child did.
import { loadYaml } from "../../load-yaml.ts";
import { z } from "zod";
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";
import { tapUnescape } from "./tap-unescape.ts";

const NOT_OK = /^(\s*)not ok \d+(?: - (.*?))?(?:\s+#\s*(TODO|SKIP|time=)\S*.*)?$/i;
const SUBTEST = /^(\s*)# Subtest: (.*)$/;
const PLAN = /^\s*1\.\.\d+/;
// A test point timed by its producer: vitest's tap reporters and node-tap, which escape titles.
const TIMED = /^\s*(?:not )?ok \d+\b.*\s#\s*time=/;

const location = z.object({
  fileName: z.string(),
  lineNumber: z.number(),
  columnNumber: z.number().optional(),
});
// vitest's tap reporters write `at: "/path/file.ts:47:18"` (where the error was thrown) and
// `error: {name, message}`; node-tap an object and `type`.
const atText = z.string().transform((text, ctx) => {
  const m = /^(.+?):(\d+)(?::(\d+))?$/.exec(text.trim());
  if (!m) {
    ctx.addIssue({ code: "custom", message: "not a file:line" });
    return z.NEVER;
  }
  return { fileName: m[1] ?? "", lineNumber: Number(m[2]), columnNumber: m[3] ? Number(m[3]) : undefined };
});
const diagnostic = z.object({
  at: z.union([location, atText]).optional().catch(undefined),
  error: z
    .object({ name: z.string().optional(), message: z.string().optional() })
    .optional()
    .catch(undefined),
  stack: z.string().optional().catch(undefined),
  type: z.string().optional().catch(undefined),
  tapCaught: z.string().optional().catch(undefined),
  diff: z.string().optional().catch(undefined),
  externalID: z.string().optional().catch(undefined),
});
type Diagnostic = z.infer<typeof diagnostic>;

export const tapParser: LogParser = {
  tool: "tap",
  markers: ["TAP version "],
  detect(lines) {
    let version = false;
    for (const line of lines) {
      // node:test's TAP carries these keys; its own parser reads it.
      if (line.includes("failureType: ") || line.includes("duration_ms: ")) return 0;
      if (line.startsWith("TAP version ")) version = true;
    }
    return version ? 80 : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    const names: string[] = [];
    // vitest and node-tap (`# Subtest:` blocks, `# time=` on test points) write `\` and `#` as `\\`
    // and `\#`; ava and mocha do not escape, so their titles are kept as printed.
    const escaped = lines.some((l) => l.includes("# Subtest: ") || TIMED.test(l));
    const title = (printed: string) => (escaped ? tapUnescape(printed) : printed);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      const sub = line.includes("# Subtest") ? SUBTEST.exec(line) : null;
      if (sub) {
        names[(sub[1] ?? "").length / 4] = title(sub[2] ?? "");
        names.length = (sub[1] ?? "").length / 4 + 1;
        continue;
      }
      const notOk = line.includes("not ok") ? NOT_OK.exec(line) : null;
      if (!notOk) continue;
      const directive = (notOk[3] ?? "").toUpperCase();
      const { fields, end } = readDiagnostic(lines, i + 1, (notOk[1] ?? "").length);
      const isParent = hasChildren(lines, i);
      i = end - 1;
      if (directive === "TODO" || directive === "SKIP" || isParent) continue;
      const depth = (notOk[1] ?? "").length / 4;
      failures.push(leafFailure(title(notOk[2] ?? ""), names.slice(1, depth), fields, context));
    }
    return failures;
  },
};

// The lines just above a `not ok` at indent I are its children (indent > I) ending with their plan.
function hasChildren(lines: readonly string[], index: number): boolean {
  const indent = (lines[index] ?? "").search(/\S/);
  for (let j = index - 1; j >= 0; j--) {
    const line = lines[j] ?? "";
    if (line.trim() === "" || /^\s*# (?:time=|No coverage)/.test(line)) continue;
    return line.search(/\S/) > indent && PLAN.test(line);
  }
  return false;
}

function readDiagnostic(
  lines: readonly string[],
  from: number,
  indent: number,
): { fields: Diagnostic; end: number } {
  const open = lines[from] ?? "";
  if (open.trim() !== "---") return { fields: {}, end: from };
  // The block is indented past its `not ok`: node-tap by 2, vitest's tap reporters by 4; its `...`
  // stands where its `---` did.
  const blockIndent = Math.max(open.search(/\S/), indent);
  const body: string[] = [];
  let j = from + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? "";
    if (line.trim() === "..." && line.search(/\S/) <= blockIndent) break;
    body.push(line.slice(blockIndent));
  }
  try {
    const parsed = diagnostic.safeParse(loadYaml().parse(body.join("\n")));
    return { fields: parsed.success ? parsed.data : {}, end: j + 1 };
  } catch {
    // A diagnostic that is not valid YAML still leaves the `not ok` line itself to report.
    return { fields: quotedAt(body), end: j + 1 };
  }
}

// vitest's tap reporters quote each string without escaping its backslashes (`actual: "#a\.b"`, a
// `\\"` in a title's object literal): such a block is no YAML, but its one-line `at: "file:line:col"`
// still places the failure.
function quotedAt(body: readonly string[]): Diagnostic {
  const at = /^at: "(.+)"$/.exec(body.find((l) => l.startsWith("at: ")) ?? "");
  if (!at) return {};
  const parsed = diagnostic.safeParse({ at: at[1] });
  return parsed.success ? parsed.data : {};
}

function leafFailure(name: string, parents: string[], fields: Diagnostic, context: ParseContext): Failure {
  const frames: ParsedJsFrame[] = [];
  for (const line of (fields.stack ?? "").split("\n")) {
    const parsed = parseJsStackFrame(line, context, false);
    if (parsed) frames.push(parsed);
  }
  const at = fields.at && !context.isExternal(fields.at.fileName) ? fields.at : undefined;
  const location = innermostProjectLocation(frames);
  // A thrown error names the assertion after its message; the test is then the enclosing subtest.
  const thrown = fields.tapCaught !== undefined;
  const testPath = thrown ? parents : [...parents, name];
  const fileLevel = testPath.length <= 1 && fields.externalID !== undefined;
  return {
    tool: "tap",
    kind: "test",
    file: at
      ? context.toRepoPath(at.fileName)
      : (location?.file ?? (fileLevel ? context.toRepoPath(fields.externalID ?? "") : null)),
    line: at ? at.lineNumber : (location?.line ?? null),
    column: at ? (at.columnNumber ?? null) : (location?.column ?? null),
    test: fileLevel ? null : testPath.filter((n) => n !== "").join(" > ") || name,
    message: [
      fields.type ? `${fields.type}: ${name}` : name,
      ...(fields.error?.message
        ? [[fields.error.name, fields.error.message].filter(Boolean).join(": ")]
        : []),
      ...(fields.diff ? [fields.diff.trim()] : []),
    ].join("\n"),
    rule: null,
    frames: frames.map((p) => p.frame),
  };
}
