// pytest: failures and errors from the terminal report in every --tb style (auto/long, short, line,
// native, no), with -rA / -rfE summaries, -v and xdist (`[gw0]`) progress, parametrised ids and
// collection errors. The short test summary names each failing node id; the per-test sections give
// the location (the innermost project frame of the last chained exception) and the `E` message.
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { markerLinesOf } from "./marker-lines.ts";
import { isPytestMarkerLine } from "./pytest-marker-line.ts";
import { innermostProjectFrame, readPythonFrames } from "./python-traceback-frames.ts";
import { readPytestReport, type PytestSection, type PytestSummaryEntry } from "./pytest-report.ts";

const EXCEPTION_LINE = /^[A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Failed|Failure|Warning)\b/;
const CHAIN_START = /^(?:During handling of the above|The above exception was the direct)/;
const TITLE_PREFIX = /^(?:ERROR at (?:setup|teardown|call) of |ERROR collecting )/;

export const pytestParser: LogParser = {
  tool: "pytest",
  // Every detected marker line holds one of these (rules "=== … ===", "FAILED x.py", "ERROR x.py").
  markers: ["== ", "FAILED ", "ERROR "],
  detect(allLines, markerLines) {
    // Every line that scores holds one of the markers.
    const lines = markerLinesOf(allLines, markerLines);
    let hits = 0;
    for (const line of lines) if (mayBeMarker(line) && isPytestMarkerLine(line)) hits++;
    return hits > 0 ? 70 + Math.min(hits, 20) : 0;
  },
  parse(lines, context) {
    const report = readPytestReport(lines);
    const entries = report.summary.length > 0 ? report.summary : dedupe(report.progress);
    const unused = new Set(entries);
    const failures: Failure[] = [];
    const byKey = indexByKey(entries);
    const matched = report.sections.map((section) => takeEntry(section, unused, byKey));
    pairLeftoversInOrder(report.sections, matched, unused);
    report.sections.forEach((section, i) => failures.push(fromSection(section, matched[i] ?? null, context)));
    const located = report.lineEntries.filter((e) => !(e.at(-1) ?? "").startsWith("[XPASS"));
    const lineFailed = [...unused].filter((e) => e.status === "FAILED" && !isXpass(e));
    if (entries.length === 0) {
      // --tb=line with -rN: the location lines are all there is.
      for (const lines of located)
        failures.push(fromSection({ title: null, body: lines, area: "failures" }, null, context));
    } else if (report.lineEntries.length > 0) {
      lineFailed.forEach((entry, i) => {
        const lines = located[i];
        if (!lines) return;
        unused.delete(entry);
        failures.push(fromSection({ title: null, body: lines, area: "failures" }, entry, context));
      });
    }
    for (const entry of unused) failures.push(fromEntryOnly(entry, context));
    return failures;
  },
};

function fromSection(
  section: PytestSection,
  entry: PytestSummaryEntry | null,
  context: ParseContext,
): Failure {
  const body = section.title === null ? section.body : beforeCaptured(section.body);
  const traceback = readPythonFrames(body, context);
  const location = innermostProjectFrame(traceback.lastChunk) ?? innermostProjectFrame(traceback.frames);
  const key = section.title === null ? null : titleKey(section.title);
  const nodeId = entry?.nodeId ?? key;
  // Only a summary node id tells a file (collection error) from a test; a bare title is a test name.
  const collection = isCollection(section.title, entry?.nodeId ?? null);
  return {
    tool: "pytest",
    kind: "test",
    file: location?.file ?? nodeFile(nodeId, context),
    line: location?.line ?? null,
    column: null,
    test: collection ? null : nodeId,
    message: entry?.message ?? sectionMessage(body) ?? section.title ?? "failed",
    rule: null,
    frames: traceback.frames,
  };
}

function fromEntryOnly(entry: PytestSummaryEntry, context: ParseContext): Failure {
  return {
    tool: "pytest",
    kind: "test",
    file: nodeFile(entry.nodeId, context),
    line: null,
    column: null,
    test: isCollection(null, entry.nodeId) ? null : entry.nodeId,
    message: entry.message ?? `${entry.status} ${entry.nodeId}`,
    rule: null,
    frames: [],
  };
}

// Titles whose name did not match a summary entry (plugins' own item names) take the remaining
// entries of their area in order: sections and summary both follow the run order.
function pairLeftoversInOrder(
  sections: readonly PytestSection[],
  matched: (PytestSummaryEntry | null)[],
  unused: Set<PytestSummaryEntry>,
): void {
  for (const area of ["failures", "errors"] as const) {
    const status = area === "errors" ? "ERROR" : "FAILED";
    const open = sections.map((s, i) => i).filter((i) => sections[i]?.area === area && matched[i] === null);
    const left = [...unused].filter((e) => e.status === status);
    if (open.length === 0 || open.length !== left.length) continue;
    open.forEach((sectionIndex, k) => {
      const entry = left[k] ?? null;
      matched[sectionIndex] = entry;
      if (entry) unused.delete(entry);
    });
  }
}

// Section titles are `Class.test[param]`, `ERROR at setup of test`, `ERROR collecting path`,
// `[doctest] module.function`.
function titleKey(title: string): string {
  if (title.startsWith("[doctest] ")) return title.slice("[doctest] ".length);
  const bare = title.replace(TITLE_PREFIX, "");
  // Whether it is a node id or a path shows before the parameters: `T.test[[::1]]` is a title.
  const head = bare.split("[")[0] ?? bare;
  if (head.includes("::") || head.includes("/") || head.endsWith(".py")) return bare;
  let depth = 0;
  let out = "";
  for (const ch of bare) {
    if (ch === "[") depth++;
    if (ch === "]") depth = Math.max(0, depth - 1);
    out += ch === "." && depth === 0 ? "::" : ch;
  }
  return out;
}

function takeEntry(
  section: PytestSection,
  unused: Set<PytestSummaryEntry>,
  byKey: Map<string, PytestSummaryEntry[]>,
): PytestSummaryEntry | null {
  if (section.title === null) return null;
  const candidates = (byKey.get(titleKey(section.title)) ?? []).filter((e) => unused.has(e));
  const wanted = section.area === "errors" ? "ERROR" : "FAILED";
  const found = candidates.find((e) => e.status === wanted) ?? candidates[0];
  if (found) unused.delete(found);
  return found ?? null;
}

// Every key a section title may be matched by: the node id and each `::`-suffix of it. An index keeps
// matching linear in a log with thousands of failures.
function indexByKey(entries: readonly PytestSummaryEntry[]): Map<string, PytestSummaryEntry[]> {
  const index = new Map<string, PytestSummaryEntry[]>();
  const add = (key: string, entry: PytestSummaryEntry) => {
    const list = index.get(key);
    if (list) list.push(entry);
    else index.set(key, [entry]);
  };
  for (const entry of entries) {
    add(entry.nodeId, entry);
    for (let at = entry.nodeId.indexOf("::"); at >= 0; at = entry.nodeId.indexOf("::", at + 2))
      add(entry.nodeId.slice(at + 2), entry);
  }
  return index;
}

function isCollection(title: string | null, nodeId: string | null): boolean {
  if (title?.startsWith("ERROR collecting ")) return true;
  return nodeId !== null && !nodeId.includes("::");
}

function nodeFile(nodeId: string | null, context: ParseContext): string | null {
  if (!nodeId) return null;
  const path = nodeId.split("::")[0] ?? "";
  return /\.py$/.test(path) ? context.toRepoPath(path) : null;
}

function isXpass(entry: PytestSummaryEntry): boolean {
  return entry.message?.startsWith("[XPASS") ?? false;
}

// The `E` lines of the last chained exception; else a native traceback's exception line.
function sectionMessage(body: readonly string[]): string | null {
  const doctest = doctestMessage(body);
  if (doctest) return doctest;
  const chunk = lastChunk(body);
  const eLines = chunk
    .filter((l) => l.startsWith("E ") || l === "E")
    .map((l) => l.slice(1).trim())
    .filter((l) => l !== "" && !l.startsWith("File "));
  const exception = eLines.find((l) => EXCEPTION_LINE.test(l));
  if (exception ?? eLines[0]) return exception ?? eLines[0] ?? null;
  const plain = chunk.find((l) => EXCEPTION_LINE.test(l));
  if (plain) return plain.trim();
  for (const l of body) {
    const trimmed = l.trim();
    if (trimmed !== "" && !trimmed.startsWith("[gw")) return trimmed;
  }
  return null;
}

// A doctest section shows the example, then `Expected:` / `Got:` or `UNEXPECTED EXCEPTION: ...`.
function doctestMessage(body: readonly string[]): string | null {
  const unexpected = body.find((l) => l.startsWith("UNEXPECTED EXCEPTION: "));
  if (unexpected) return unexpected.slice("UNEXPECTED EXCEPTION: ".length);
  const start = body.indexOf("Expected:");
  if (start < 0 || !body.includes("Got:")) return null;
  const end = body.findIndex((l, i) => i > start && l.trim() === "");
  return body.slice(start, end < 0 ? undefined : end).join("\n");
}

// Captured stdout/stderr/log blocks close a section; their text is the program's, not a traceback.
function beforeCaptured(body: readonly string[]): readonly string[] {
  const end = body.findIndex((l) => l.startsWith("---") && /^-{3,} Captured .* -{3,}$/.test(l));
  return end < 0 ? body : body.slice(0, end);
}

function lastChunk(body: readonly string[]): readonly string[] {
  for (let i = body.length - 1; i >= 0; i--) {
    const line = body[i] ?? "";
    const first = line.charCodeAt(0);
    // "D" or "T" first, as both chain lines start; the regex only for those.
    if ((first === 68 || first === 84) && CHAIN_START.test(line)) return body.slice(i + 1);
  }
  return body;
}

function dedupe(entries: readonly PytestSummaryEntry[]): PytestSummaryEntry[] {
  const seen = new Map<string, PytestSummaryEntry>();
  for (const e of entries) if (!seen.has(`${e.status} ${e.nodeId}`)) seen.set(`${e.status} ${e.nodeId}`, e);
  return [...seen.values()];
}

// "=", "E", "F", "[": the first characters of every marker line; detect runs on every section.
function mayBeMarker(line: string): boolean {
  const c = line.charCodeAt(0);
  return c === 61 || c === 69 || c === 70 || c === 91;
}
