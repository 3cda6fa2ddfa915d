// Which function, method or value each call site (or property read) sits in: the narrowest span
// that holds its start, one sweep over spans and sites in order. Spans come from syntax nodes, so
// two either nest or are apart; a scan of every span per site would be quadratic in a file's size.

export interface CallerSpan {
  start: number;
  end: number;
  symbol: number | null;
}

export interface SiteRange {
  start: number;
  end: number;
}

/**
 * Per site, the symbol of the narrowest span holding its start, or null. A span with the site's own
 * range is the site itself (a test block's `it(...)` call belongs to the code around it); of spans
 * with one range, the first given wins.
 */
export function innermostCallers(
  spans: readonly CallerSpan[],
  sites: readonly SiteRange[],
): (number | null)[] {
  const byStart = spans
    .map((span, order) => ({ span, order }))
    .sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end || a.order - b.order);
  const order = sites.map((_, i) => i).sort((a, b) => (sites[a]?.start ?? 0) - (sites[b]?.start ?? 0));
  const out: (number | null)[] = sites.map(() => null);
  const stack: CallerSpan[] = [];
  let next = 0;
  for (const i of order) {
    const site = sites[i];
    if (!site) continue;
    for (let s = byStart[next]; s && s.span.start <= site.start; s = byStart[++next]) {
      popEnded(stack, s.span.start + 1);
      stack.push(s.span);
    }
    popEnded(stack, site.start + 1);
    out[i] = narrowest(stack, site);
  }
  return out;
}

/** Drops spans that end before `position` (an exclusive end at or before a start holds it not). */
function popEnded(stack: CallerSpan[], position: number): void {
  while (stack.length > 0 && (stack.at(-1)?.end ?? 0) < position) stack.pop();
}

function narrowest(stack: readonly CallerSpan[], site: SiteRange): number | null {
  let k = stack.length - 1;
  while (k >= 0 && stack[k]?.start === site.start && stack[k]?.end === site.end) k--;
  // Spans of one range were pushed in the order given: the first of them is the one to take.
  while (k > 0 && stack[k - 1]?.start === stack[k]?.start && stack[k - 1]?.end === stack[k]?.end) k--;
  return k >= 0 ? (stack[k]?.symbol ?? null) : null;
}
