// A JavaScript file whose one function is far longer than LARGE_SYMBOL_LINES, with a single line
// (`answerLine`) that answers LARGE_FUNCTION_QUESTION and every other line alike: what `ask` shows
// and cites of it is its window, which must hold that line.
import { lines } from "../make-repo.ts";

export const LARGE_FUNCTION_QUESTION = "what default max age is used when the option is missing?";

/** `function parse` on line 1, `length` lines long, closing brace on line `length`. */
export function largeFunctionSource(length: number, answerLine: number): string {
  const body: string[] = ["function parse (src, options) {"];
  for (let line = 2; line < length; line++)
    body.push(
      line === answerLine
        ? "  const fallback = options.maxAge ?? defaultMaxAge // the default max age when the option is missing"
        : `  const token${line} = readToken(src, ${line}) // consume the next lexical token of the stream`,
    );
  body.push("}", "module.exports = parse");
  return lines(...body);
}
