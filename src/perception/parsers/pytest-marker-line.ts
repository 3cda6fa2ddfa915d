// Whether a line is one of pytest's own report lines (what detect() counts): a section banner, a
// summary `FAILED path.py[::test] [- message]`, an xdist result, or the final `== 1 failed … in 2s ==`.
// The summary and final forms were one regex with `.*` between anchors, which retried the rest of the
// line from every `.py::` or count (quadratic on long lines, A45); they are read with indexOf here,
// with the same answers.
const BANNER = /^={3,} (?:test session starts|FAILURES|ERRORS|short test summary info) ={3,}$/;
const XDIST = /^\[gw\d+\] \[\s*\d+%\] (?:FAILED|ERROR) \S+$/;
const COUNT = /\b\d+ (?:failed|errors?)\b/;
const DURATION = / in [\d.]+s/;
const LINE_BREAK = /[\n\r\u2028\u2029]/; // what `.` does not match
const SPACE = /\s/;

export function isPytestMarkerLine(line: string): boolean {
  if (BANNER.test(line) || XDIST.test(line)) return true;
  if (line.startsWith("FAILED ")) return isSummaryEntry(line.slice("FAILED ".length));
  if (line.startsWith("ERROR ")) return isSummaryEntry(line.slice("ERROR ".length));
  return isOutcomeLine(line);
}

// `\S+\.py(?:::\S.*)?(?: - .*)?$` after the status.
function isSummaryEntry(rest: string): boolean {
  let word = 0;
  while (word < rest.length && !SPACE.test(rest.charAt(word))) word++;
  const after = rest.slice(word);
  if (LINE_BREAK.test(after)) return false;
  const head = rest.slice(0, word);
  if (head.length >= 4 && head.endsWith(".py") && (after === "" || after.startsWith(" - "))) return true;
  // `.py::` then at least one more character of the word, with something before `.py`.
  const nodeAt = head.indexOf(".py::", 1);
  return nodeAt !== -1 && nodeAt + 5 < head.length;
}

// `={2,} .*\b\d+ (?:failed|errors?)\b.* in [\d.]+s.*={2,}$`: the earliest count, then the earliest
// duration after it, then the closing `==` after that.
function isOutcomeLine(line: string): boolean {
  let start = 0;
  while (line.charCodeAt(start) === 61) start++;
  if (start < 2 || line.charAt(start) !== " " || !line.endsWith("==")) return false;
  const body = line.slice(start + 1);
  if (LINE_BREAK.test(body)) return false;
  const count = COUNT.exec(body);
  if (!count) return false;
  const afterCount = body.slice(count.index + count[0].length);
  const duration = DURATION.exec(afterCount);
  return duration !== null && duration.index + duration[0].length <= afterCount.length - 2;
}
