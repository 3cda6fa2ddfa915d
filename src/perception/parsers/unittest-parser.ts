// Python unittest (and runners that print its report: Django, `python -m unittest`, `setup.py test`):
// `FAIL: test_x (pkg.mod.Class.test_x)` blocks between `=====` and `-----` rules, each a traceback that
// ends with the exception. Python < 3.11 prints `test_x (pkg.mod.Class)`; subtests add ` (qty=0)`.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";
import { innermostProjectFrame, readPythonFrames } from "./python-traceback-frames.ts";

const RULE_THICK = /^={50,}$/;
const RULE_THIN = /^-{50,}$/;
const HEADER = /^(FAIL|ERROR|UNEXPECTED SUCCESS): (\S+) \(([\w.]+)\)(.*)$/;
const RAN = /^Ran \d+ tests? in [\d.]+s$/;
const FAILED_IMPORT = /^unittest\.loader\.(?:_FailedTest|ModuleImportFailure)\b/;
const MAX_MESSAGE_LINES = 8;

export const unittestParser: LogParser = {
  tool: "unittest",
  // detect needs a `FAIL: ` / `ERROR: ` / `UNEXPECTED SUCCESS: ` header.
  markers: ["FAIL: ", "ERROR: ", "UNEXPECTED SUCCESS: "],
  detect(lines) {
    let ran = false;
    let headers = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? "";
      if (line.startsWith("Ran ") && RAN.test(line)) ran = true;
      else if (
        (lines[i - 1] ?? "").startsWith("=====") &&
        HEADER.test(line) &&
        RULE_THICK.test(lines[i - 1] ?? "")
      )
        headers++;
    }
    return headers > 0 ? (ran ? 85 : 60) : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    for (let i = 0; i < lines.length; i++) {
      const header = RULE_THICK.test(lines[i - 1] ?? "") ? HEADER.exec(lines[i] ?? "") : null;
      if (!header) continue;
      const body: string[] = [];
      // A test's docstring (first line) may stand between the header and the thin rule.
      let j = i + 1;
      const rule = lines.slice(j, j + 3).findIndex((l) => RULE_THIN.test(l));
      if (rule >= 0) j += rule + 1;
      for (; j < lines.length; j++) {
        const line = lines[j] ?? "";
        if (RULE_THICK.test(line) || RULE_THIN.test(line) || RAN.test(line)) break;
        body.push(line);
      }
      const [, status = "", method = "", where = "", rest = ""] = header;
      const traceback = readPythonFrames(body, context);
      const location = innermostProjectFrame(traceback.lastChunk) ?? innermostProjectFrame(traceback.frames);
      failures.push({
        tool: "unittest",
        kind: "test",
        file: location?.file ?? null,
        line: location?.line ?? null,
        column: null,
        test: FAILED_IMPORT.test(where) ? null : testId(method, where) + rest,
        message: exceptionMessage(body) ?? `${status}: ${method}`,
        rule: null,
        frames: traceback.frames,
      });
      i = j - 1;
    }
    return failures;
  },
};

// 3.11+ prints the full id in the parentheses; older versions print only the class.
function testId(method: string, where: string): string {
  return where.endsWith(`.${method}`) ? where : `${where}.${method}`;
}

// The exception is the first unindented line after the traceback's last frame.
function exceptionMessage(body: readonly string[]): string | null {
  let lastFrame = -1;
  body.forEach((line, i) => {
    if (/^\s+File ".+", line \d+/.test(line)) lastFrame = i;
  });
  const start = body.findIndex(
    (line, i) => i > lastFrame && /^\S/.test(line) && !line.startsWith("Traceback"),
  );
  if (start < 0) return null;
  const out: string[] = [];
  for (let i = start; i < body.length && out.length < MAX_MESSAGE_LINES; i++) {
    const line = body[i] ?? "";
    if (line.trim() === "" && out.length > 0 && (body[i + 1] ?? "").trim() === "") break;
    out.push(line);
  }
  return out.join("\n").trim();
}
