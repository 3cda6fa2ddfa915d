// ejs' shape: `generateSource` loops over a template's lines, raises the "closing tag" error and
// calls `scanLine`, which trims the line break after a closing tag. Shared by the callee-over-caller
// tests of recall and of the offline ranker (test/bench/ask-rank.test.ts). `extra` is one more
// statement in the caller's loop.
import { lines } from "../make-repo.ts";

export const scanLine = lines(
  "function scanLine(state, line) {",
  "  var newLineCount = (line.split('\\n').length - 1);",
  "  // a closing tag ending in '-' trims the newline",
  "  if (line === '-%>' || line === '_%>') {",
  "    state.truncate = true;",
  "  }",
  "  state.currentLine += newLineCount;",
  "  state.source += line;",
  "  state.output.push(state.source.slice(state.start, state.end));",
  "  state.start = state.end + newLineCount;",
  "}",
);

export const generateSource = (extra: string) =>
  lines(
    "function generateSource(state, matches) {",
    "  for (var i = 0; i < matches.length; i++) {",
    "    var line = matches[i];",
    "    var closing = matches[i + 2];",
    "    var tag = closing.length ? closing : line;",
    "    if (line === '<%' && closing !== '%>' && closing !== '-%>') {",
    "      throw new Error('Could not find matching closing tag for \"' + line + '\".');",
    "    }",
    `    ${extra}`,
    "    scanLine(state, line);",
    "  }",
    "}",
  );

export const scanLineQuestion = "how does a closing tag with a dash swallow the line break that follows it?";
