// A function's parameter names read from its indexed signature: what argument-fault.ts,
// result-fault.ts and swapped-arguments.ts compare the names at a crash or a call site with.
import type { CodeSymbol } from "../index/code-index.ts";

/** Parameter names of a function from its signature (`(a, b: T = 1, *args, ...rest)`). */
export function parameterNames(symbol: CodeSymbol): string[] {
  const open = symbol.signature.indexOf("(");
  if (open < 0) {
    // `const f = x =>` has no parentheses.
    const bare = /([A-Za-z_$][\w$]*)\s*=>/.exec(symbol.signature);
    return bare?.[1] ? [bare[1]] : [];
  }
  let depth = 0;
  let current = "";
  const parts: string[] = [];
  for (const ch of symbol.signature.slice(open + 1)) {
    if ("([{<".includes(ch)) depth++;
    if (")]}>".includes(ch)) {
      if (depth === 0) break;
      depth--;
    }
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts.flatMap((p) => {
    const name = /^\s*(?:\*{1,2}|\.\.\.)?\s*([A-Za-z_$][\w$]*)/.exec(p)?.[1];
    return name ? [name] : [];
  });
}
