// tape (substack/tape 4-5): TAP 13 whose assertions carry no `- ` before their name
// (`not ok 3 should be strictly equal`), each test named by a `# name` comment line above its
// assertions (a nested t.test adds its own comment), and a YAML block with `at:` as a stack line
// (`Test.<anonymous> (path:line:col)`) and `stack:`. An error thrown inside a test ends the process:
// node prints it (`TypeError: …` and its `at` frames) under the test's comment.
// @hapi/lab's TAP reporter has the same shape without the comments: each line is one test, named by
// its full title after its id (`not ok 233 (233) isPromise() determines …`), read only where no
// comment named the test.
import { loadYaml } from "../../load-yaml.ts";
import { z } from "zod";
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { innermostProjectLocation, parseJsStackFrame, type ParsedJsFrame } from "../js-stack-frame.ts";

// `ok 1 name` / `not ok 1 name`: node-tap and node:test put `- ` before the name, tape does not.
const ASSERT = /^(not )?ok \d+ (?!- )(\S.*)$/;
const SUMMARY = /^# (?:tests|pass|fail|todo|skip) +\d+$|^# ok$/;
const DIRECTIVE = /\s#\s*(?:TODO|SKIP)\b/i;
// lab: `not ok N (N) full title`, the id repeated in brackets.
const LAB_TEST = /^(?:not )?ok (\d+) \((\d+)\) (\S.*)$/;
// What node prints for an uncaught error: `TypeError: msg`, `Error [ERR_X]: msg`, `AssertionError …`.
const THROWN = /^([A-Z]\w*(?:Error|Exception))(?: \[[\w-]+\])?(?::| \[)/;

const diagnostic = z.object({
  at: z.string().optional().catch(undefined),
  stack: z.string().optional().catch(undefined),
  operator: z.string().optional().catch(undefined),
  // optional: zod 4 rejects an absent key even for z.unknown(), and a rejected block lost its stack
  expected: z.unknown().optional(),
  actual: z.unknown().optional(),
});
type Diagnostic = z.infer<typeof diagnostic>;

export const tapeParser: LogParser = {
  tool: "tape",
  markers: ["TAP version "],
  detect(lines) {
    let version = false;
    let dashless = false;
    let thrown = false;
    for (const line of lines) {
      if (line.startsWith("# Subtest: ")) return 0;
      if (line.startsWith("TAP version ")) version = true;
      else if (!dashless && (line.startsWith("ok ") || line.startsWith("not ok ")))
        dashless = ASSERT.test(line);
      // the first test may throw before any assertion is printed
      else if (!thrown && THROWN.test(line)) thrown = true;
    }
    // above the node-tap reader's 80: both read `TAP version`, only tape's assertions have no dash
    return version && (dashless || thrown) ? 85 : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    let test: string | null = null;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      if (line.startsWith("# ")) {
        if (!SUMMARY.test(line)) test = line.slice(2).trim() || null;
        continue;
      }
      if (line.startsWith("not ok ")) {
        const assert = ASSERT.exec(line);
        if (!assert || DIRECTIVE.test(line)) continue;
        const { fields, end } = readDiagnostic(lines, i + 1);
        i = end - 1;
        failures.push(assertionFailure(test ?? labTitle(line), assert[2] ?? "", fields, context));
        continue;
      }
      const thrown = THROWN.test(line) ? line : null;
      if (thrown === null) continue;
      const parsed: ParsedJsFrame[] = [];
      let j = i + 1;
      for (; j < lines.length; j++) {
        const frame = parseJsStackFrame(lines[j] ?? "", context);
        if (!frame) break;
        parsed.push(frame);
      }
      if (parsed.length === 0) continue;
      i = j - 1;
      failures.push(failure(test, thrown.trim(), parsed, context));
    }
    return failures;
  },
};

function labTitle(line: string): string | null {
  const lab = LAB_TEST.exec(line);
  return lab && lab[1] === lab[2] ? (lab[3] ?? "").trim() : null;
}

// The indented `---` … `...` block under a `not ok`.
function readDiagnostic(lines: readonly string[], from: number): { fields: Diagnostic; end: number } {
  const empty: Diagnostic = { expected: undefined, actual: undefined };
  if ((lines[from] ?? "").trim() !== "---") return { fields: empty, end: from };
  const body: string[] = [];
  let j = from + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? "";
    if (line.trim() === "...") break;
    body.push(line);
  }
  try {
    const parsed = diagnostic.safeParse(loadYaml().parse(body.join("\n")));
    return { fields: parsed.success ? parsed.data : empty, end: j + 1 };
  } catch {
    // a block that is not valid YAML still leaves the `not ok` line itself to report
    return { fields: empty, end: j + 1 };
  }
}

function assertionFailure(
  test: string | null,
  name: string,
  fields: Diagnostic,
  context: ParseContext,
): Failure {
  // `at:` is the assertion's own call (in the test, or in code the test called); the stack's
  // innermost project frame stands in when `at:` is missing or outside the project
  const at = fields.at ? parseJsStackFrame(`at ${fields.at}`, context) : null;
  const parsed: ParsedJsFrame[] = [];
  for (const line of (fields.stack ?? "").split("\n")) {
    const frame = parseJsStackFrame(line, context);
    if (frame) parsed.push(frame);
  }
  const shown = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  const detail =
    fields.operator !== undefined && fields.expected !== undefined
      ? [`expected: ${shown(fields.expected)}`, `actual: ${shown(fields.actual)}`]
      : [];
  return failure(test, [name, ...detail].join("\n"), parsed, context, at && !at.frame.external ? at : null);
}

function failure(
  test: string | null,
  message: string,
  parsed: readonly ParsedJsFrame[],
  context: ParseContext,
  at: ParsedJsFrame | null = null,
): Failure {
  const place = at
    ? { file: at.frame.file, line: at.frame.line, column: at.column }
    : innermostProjectLocation(parsed);
  return {
    tool: "tape",
    kind: "test",
    file: place ? context.toRepoPath(place.file) : null,
    line: place?.line ?? null,
    column: place?.column ?? null,
    test,
    message,
    rule: null,
    frames: parsed.map((p) => p.frame),
  };
}
