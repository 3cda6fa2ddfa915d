// The lines of a failed install that say why: the end of the tool's stderr (npm, pip and cargo print
// their error summary last), or of its stdout when stderr is empty. The sandbox redacted the output
// when it captured it; colour codes and other control characters go here, so the comment and the
// terminal show plain text.
import stripAnsi from "strip-ansi";

const tailLines = 20;
const tailChars = 1500;

export function installErrorTail(output: { stdout: string; stderr: string }): string | null {
  const text = output.stderr.trim() !== "" ? output.stderr : output.stdout;
  const lines = stripAnsi(text)
    .replace(/\r\n?/g, "\n")
    // The PR chooses what its install prints: no bell, backspace or lone ESC reaches a terminal.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "");
  if (lines.length === 0) return null;
  const tail = lines.slice(-tailLines).join("\n");
  return tail.length > tailChars ? `…${tail.slice(-(tailChars - 1))}` : tail;
}

/** The tail as a terminal shows it under the install's summary: a heading, then each line quoted. */
export function quotedErrorTail(tail: string): string[] {
  return ["  its last output:", ...tail.split("\n").map((line) => `  | ${line}`)];
}
