// Splits pytest's terminal report into what the pytest parser needs: the per-test sections under
// `= FAILURES =` / `= ERRORS =` (headed `___ name ___`, or headless `path:line: msg` entries with
// --tb=line), the `short test summary info` entries, and the verbose / xdist progress results.
import { splitSummaryRest } from "./pytest-summary-entry.ts";

export interface PytestSection {
  /** The `___ title ___` text, or null for a --tb=line entry. */
  title: string | null;
  body: string[];
  area: "failures" | "errors";
}

export interface PytestSummaryEntry {
  status: "FAILED" | "ERROR";
  nodeId: string;
  message: string | null;
}

export interface PytestReport {
  sections: PytestSection[];
  /** --tb=line entries of the FAILURES area, in order. */
  lineEntries: string[][];
  summary: PytestSummaryEntry[];
  progress: PytestSummaryEntry[];
}

const BANNER = /^={3,} (.+?) ={3,}$/;
// pytest centres a section title in underscores, at least one each side: a title wider than the
// terminal (a long parametrized id) gets `_ title _`.
const HEADER = /^_+ (.+?) _+$/;
// Between the frames of one failure pytest prints `_ _ _ … _`; at an odd width it ends in `_` and
// reads like a title.
const FRAME_SEPARATOR = /^[_ ]+$/;
const SUMMARY = /^(FAILED|ERROR) (\S.*)$/;
// pytest >= 9 subtests: `SUBFAILED[msg] (k=v) path::test - message`; the node id gets the suffix the
// section title carries (`test [msg] (k=v)`).
const SUBTEST = /^SUBFAILED(\[[^\]]*\])?(?: (\([^)]*\)))? (\S+?::\S+)(?: - (.*))?$/;
// A parent that failed only because subtests failed is not a failure of its own.
const SUBTESTS_PARENT = /^contains \d+ failed subtests?$/;
// `-v`: `path::test FAILED [ 50%]`; xdist: `[gw0] [ 50%] FAILED path::test`.
// The `-v` line is read in two linear steps (A45): the status at the end of the line (only spaces and
// `[ n%]` may follow it, so the match is unique), then the node id before it. One regex
// `^(\S+::\S.*?) (FAILED|ERROR)…$` backtracked over every `::` of a long space-free line: minutes per MB.
const PROGRESS_STATUS = / (FAILED|ERROR)(?:\s+\[\s*\d+%\])?\s*$/;
const PROGRESS_NODE = /^\S+::\S/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;
const PROGRESS_XDIST = /^\[gw\d+\] \[\s*\d+%\] (FAILED|ERROR) (\S.*?)\s*$/;
const LINE_ENTRY = /^(?:[^\sE>].*?|E\S.*?):\d+: /;

export function readPytestReport(lines: readonly string[]): PytestReport {
  const report: PytestReport = { sections: [], lineEntries: [], summary: [], progress: [] };
  let area: "failures" | "errors" | "summary" | "other" = "other";
  let current: PytestSection | null = null;
  let pendingLineEntry: string[] = [];
  for (const line of lines) {
    // Plain prefix checks before each regex: this runs on every line of a pytest section.
    const banner = line.startsWith("===") ? BANNER.exec(line) : null;
    if (banner) {
      area = areaOf(banner[1] ?? "");
      current = null;
      pendingLineEntry = [];
      continue;
    }
    if (area === "failures" || area === "errors") {
      const header =
        (line.startsWith("_ ") || line.startsWith("__")) && !FRAME_SEPARATOR.test(line)
          ? HEADER.exec(line)
          : null;
      if (header) {
        current = { title: header[1] ?? "", body: [], area };
        report.sections.push(current);
      } else if (current) {
        current.body.push(line);
      } else {
        pendingLineEntry.push(line);
        if (LINE_ENTRY.test(line) || line.startsWith("[XPASS(strict)]")) {
          report.lineEntries.push(pendingLineEntry);
          pendingLineEntry = [];
        }
      }
      continue;
    }
    if (area === "summary") {
      const sub = line.startsWith("SUBFAILED") ? SUBTEST.exec(line) : null;
      if (sub) {
        const suffix = [sub[1], sub[2]].filter(Boolean).join(" ");
        report.summary.push(summaryEntry("FAILED", `${sub[3] ?? ""} ${suffix}`, sub[4]));
        continue;
      }
      const entry = line.startsWith("FAILED ") || line.startsWith("ERROR ") ? SUMMARY.exec(line) : null;
      const split = entry ? splitSummaryRest(entry[2] ?? "") : null;
      if (entry && split && !SUBTESTS_PARENT.test(split.message ?? ""))
        report.summary.push(summaryEntry(entry[1], split.nodeId, split.message));
      continue;
    }
    const verbose = line.includes("::") ? readVerboseProgress(line) : null;
    if (verbose) report.progress.push(verbose);
    const xdist = line.startsWith("[gw") ? PROGRESS_XDIST.exec(line) : null;
    if (xdist) report.progress.push(summaryEntry(xdist[1], xdist[2], undefined));
  }
  report.sections = report.sections.filter(
    (s) => !SUBTESTS_PARENT.test(s.body.find((l) => l.trim() !== "")?.trim() ?? ""),
  );
  return report;
}

// What `^(\S+::\S.*?) (FAILED|ERROR)(?:\s+\[\s*\d+%\])?\s*$` matched, in linear time: `.` stops at
// line breaks, so the node id may hold none.
function readVerboseProgress(line: string): PytestSummaryEntry | null {
  const status = PROGRESS_STATUS.exec(line);
  if (!status) return null;
  const nodeId = line.slice(0, status.index);
  if (!PROGRESS_NODE.test(nodeId) || LINE_BREAK.test(nodeId)) return null;
  return summaryEntry(status[1], nodeId, undefined);
}

function areaOf(title: string): "failures" | "errors" | "summary" | "other" {
  if (title === "FAILURES") return "failures";
  if (title === "ERRORS") return "errors";
  if (title === "short test summary info") return "summary";
  return "other";
}

function summaryEntry(status: string | undefined, nodeId: string | undefined, message: string | undefined) {
  return {
    status: status === "ERROR" ? "ERROR" : "FAILED",
    nodeId: (nodeId ?? "").trim(),
    message: message?.trim() || null,
  } satisfies PytestSummaryEntry;
}
