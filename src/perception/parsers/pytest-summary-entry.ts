// A short-summary line's node id and message: `FAILED path::test[param] - message`. pytest joins them
// with ` - `, which a parametrized id may hold too (`test_x[a - b]`); splitting at the first one cut
// the id inside its brackets, and re-running that id was a usage error. The id ends at the first
// ` - ` outside brackets; a line whose brackets never balance keeps the first split.
export function splitSummaryRest(rest: string): { nodeId: string; message: string | undefined } {
  let first = -1;
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const ch = rest.charAt(i);
    if (ch === "[") depth++;
    else if (ch === "]") depth--;
    else if (ch === " " && rest.startsWith(" - ", i) && i > 0) {
      if (depth === 0) return { nodeId: rest.slice(0, i), message: rest.slice(i + 3) };
      if (first < 0) first = i;
    }
  }
  if (depth === 0 || first < 0) return { nodeId: rest, message: undefined };
  return { nodeId: rest.slice(0, first), message: rest.slice(first + 3) };
}
