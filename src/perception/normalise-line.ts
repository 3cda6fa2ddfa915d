// Turns one raw log line into the text a person would have seen on a terminal: no byte-order mark,
// no GitHub Actions timestamp, no escape sequences, only the last frame of a carriage-return progress
// line. Hot path (every line of a 500 MB log): cheap character checks guard every regex.
import stripAnsi from "strip-ansi";

// Colour codes are nearly all the escapes CI logs carry; one cheap pass takes them before strip-ansi's
// complete (and slower) grammar looks at whatever is left.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const SGR = /\u001b\[[0-9;]*m/g;
const ACTIONS_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;
// strip-ansi leaves what is not a complete sequence: an OSC that never ends (an escape flood cut by
// a line cap), a lone ESC, 8-bit C1 controls. Terminals would not print them either.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const LEFTOVER_OSC = /(?:\u001b\]|\u009d)[^\u0007\u001b]*(?:\u0007|\u001b\\)?/g;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- as above
const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
// U+2028/U+2029 end a line for JavaScript's `.` and `$` but not for a terminal: as spaces they can't
// make an anchored parser regex backtrack over a line that "ends" in the middle (threat model A45).
const LINE_SEPARATORS = /[\u2028\u2029]/g;

export function normaliseLine(raw: string): string {
  let line = raw;
  if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
  if (line.charCodeAt(0) === 0xfeff) line = line.slice(1);
  if (line.length >= 20 && line.charCodeAt(10) === 84 && line.charCodeAt(4) === 45) {
    line = line.replace(ACTIONS_TIMESTAMP, "");
    if (line.charCodeAt(0) === 0xfeff) line = line.slice(1);
  }
  if (!HAS_CONTROL.test(line)) return line;
  line = line.replace(SGR, "");
  if (!HAS_CONTROL.test(line)) return line;
  line = stripAnsi(line);
  if (line.includes("\r")) line = lastCarriageFrame(line);
  if (!HAS_CONTROL.test(line)) return line;
  return line.replace(LEFTOVER_OSC, "").replace(CONTROL_CHARS, "").replace(LINE_SEPARATORS, " ");
}

// `progress 10%\rprogress 20%\r` shows as the last non-empty frame.
function lastCarriageFrame(line: string): string {
  const frames = line.split("\r");
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i];
    if (frame !== undefined && frame.trim() !== "") return frame;
  }
  return "";
}
