// A ```suggestion fence the suggested text cannot close: longer than any backtick run inside it.
export function suggestionFence(lines: readonly string[]): string {
  let longest = 0;
  for (const line of lines)
    for (const run of line.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return "`".repeat(Math.max(3, longest + 1));
}
