// Moves V8 block ranges of a transformed module back onto the source file, one named function at a
// time: when the generated function is exactly as long as the symbol's text (from some point of its
// first line to its last character), the body was copied verbatim and offsets shift by a constant.
// Functions whose body the transform rewrote (TS types stripped, imports renamed) are left out.

export interface Range {
  startOffset: number;
  endOffset: number;
  count: number;
}

export interface SymbolSpan {
  name: string;
  startLine: number;
  endLine: number;
}

interface V8Function {
  functionName: string;
  ranges: Range[];
}

export function relocateRanges(
  functions: readonly V8Function[],
  source: string,
  symbols: readonly SymbolSpan[],
): Range[] {
  const lineStarts = [0];
  for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const out: Range[] = [];
  for (const fn of functions) {
    const whole = fn.ranges[0];
    if (fn.functionName === "" || !whole) continue;
    const length = whole.endOffset - whole.startOffset;
    // V8 names an accessor `get x` / `set x`; the index names it `x`.
    const name = fn.functionName.replace(/^[gs]et /, "");
    for (const symbol of symbols.filter((s) => s.name === name)) {
      const firstLine = lineStarts[symbol.startLine - 1];
      const afterLast = lineStarts[symbol.endLine] ?? source.length + 1;
      if (firstLine === undefined) continue;
      const end = firstLine + source.slice(firstLine, afterLast - 1).trimEnd().length;
      const start = end - length;
      if (start < firstLine || start >= (lineStarts[symbol.startLine] ?? source.length)) continue;
      const shift = start - whole.startOffset;
      // The function's own blocks and every function nested inside it (closures, callbacks).
      for (const inner of functions)
        for (const r of inner.ranges)
          if (r.startOffset >= whole.startOffset && r.endOffset <= whole.endOffset)
            out.push({ startOffset: r.startOffset + shift, endOffset: r.endOffset + shift, count: r.count });
    }
  }
  return out;
}
