// What a detect() whose every scoring line holds one of its markers iterates: only those lines when
// the section parser has found them in its one scan (a section is often thousands of lines, the
// marker lines a handful), else every line.
export function markerLinesOf(
  lines: readonly string[],
  markerLines: readonly number[] | undefined,
): readonly string[] {
  return markerLines === undefined ? lines : markerLines.map((i) => lines[i] ?? "");
}
