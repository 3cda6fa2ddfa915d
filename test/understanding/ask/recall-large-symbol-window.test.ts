// A function longer than any answer (large-symbol-window.ts) is scored, shown and cited as its window
// of lines that best matches the question: its words scattered over 200 lines no longer outrank the
// short function that does what the question asks, and when the answer is inside it, the window
// points at it. On a small fixture with a real tree-sitter parse.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { recalledLines } from "../../../src/understanding/ask/recalled-symbol.ts";
import { LARGE_SYMBOL_LINES, WINDOW_LINES } from "../../../src/understanding/ask/large-symbol-window.ts";
import { lines } from "../make-repo.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";
import { LARGE_FUNCTION_QUESTION, largeFunctionSource } from "./large-function-source.ts";

const indexOf = useIndexedRepo();

// A 200-line request handler: each of the question's words is somewhere in it, a few dozen lines
// apart, and its lines 150-153 handle a `?? default` by its own words.
function handler(): string {
  const body: string[] = ["function handle (req, res, options) {"];
  const said: Record<number, string> = {
    10: "  const range = req.headers['range'] // the range header of a partial request",
    35: "  const ifRange = req.headers['if-range'] // compared below",
    60: "  const tag = res.getHeader('etag') // the entity tag of the response",
    85: "  const decided = decide(range, tag) // decide what to send",
    110: "  if (options.partial === false) return res.end() // no partial response",
    135: "  if (!decided) res.statusCode = 200 // the whole response, not a partial one",
    150: "  // a missing option falls back to its default value: options.maxAge ?? default",
    151: "  const fallback = options.maxAge ?? defaultMaxAge",
    152: "  if (fallback === undefined) fallback = defaultMaxAge // the default when missing",
    153: "  res.setHeader('cache-control', 'max-age=' + fallback)",
  };
  for (let i = 1; i < 200; i++) body.push(said[i] ?? `  step${i}(req, res)`);
  body.push("}", "module.exports = handle");
  return lines(...body);
}

describe("ask recall: a function longer than any answer is read as its best window", () => {
  it("ranks the short function that compares the If-Range tag above words scattered over a long handler", async () => {
    const { index, readLines } = await indexOf({
      "lib/handle.js": handler(),
      "lib/fresh.js": lines(
        "function isRangeFresh (req, res) {",
        "  // If-Range: the entity tag must match",
        "  const ifRange = req.headers['if-range']",
        "  return ifRange === res.getHeader('etag')",
        "}",
        "module.exports = isRangeFresh",
      ),
    });
    const question =
      "how is the If-Range header compared with the entity tag to decide on a partial response?";
    const ranked = recall(index, readLines, question);
    expect(names(ranked)[0]).toBe("isRangeFresh");
    expect(ranked[0]?.window).toBeUndefined();
    const long = ranked.find((r) => r.symbol.qualifiedName === "handle");
    expect(long?.symbol.endLine).toBeGreaterThan(LARGE_SYMBOL_LINES);
    // It is still recalled, cited as a window of at most the lines shown, inside the function.
    const cited = long ? recalledLines(long) : undefined;
    expect(cited && cited.endLine - cited.startLine + 1).toBeLessThanOrEqual(WINDOW_LINES);
    expect(cited && cited.startLine >= (long?.symbol.startLine ?? 0)).toBe(true);
  });

  it("cites the window of a long function that holds the answer", async () => {
    const { index, readLines } = await indexOf({
      "lib/handle.js": handler(),
    });
    const ranked = recall(index, readLines, "what default max age is used when the option is missing?");
    expect(names(ranked)[0]).toBe("handle");
    const [first] = ranked;
    // The `?? default` lines are 151-154 of the file (the function starts on line 1).
    expect(first && recalledLines(first).startLine).toBeLessThanOrEqual(151);
    expect(first && recalledLines(first).endLine).toBeGreaterThanOrEqual(154);
    expect(first && recalledLines(first).endLine - recalledLines(first).startLine + 1).toBe(WINDOW_LINES);
  });

  it("centres a window on its one matching line, with code on both sides of it", async () => {
    const { index, readLines } = await indexOf({ "lib/parse.js": largeFunctionSource(1500, 701) });
    const [first] = recall(index, readLines, LARGE_FUNCTION_QUESTION);
    expect(first?.symbol.qualifiedName).toBe("parse");
    // Five or six lines either side of line 701 (twelve lines cannot centre one exactly).
    expect(first && recalledLines(first)).toEqual({ file: "lib/parse.js", startLine: 695, endLine: 706 });
  });
});
