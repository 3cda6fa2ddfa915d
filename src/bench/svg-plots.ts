// Two small inline SVG plots for the HTML report: horizontal bars (one per run) and a histogram of
// values per run. Labels are escaped; sizes are fixed so the report needs no script or stylesheet.
import { escapeHtml } from "./escape-html.ts";

const colors = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1"];

export function barChart(
  title: string,
  bars: readonly { label: string; value: number; text: string }[],
  max = Math.max(0, ...bars.map((b) => b.value)),
): string {
  const rowHeight = 24;
  const width = 360;
  const labelWidth = 120;
  const plotWidth = width - labelWidth - 70;
  const height = 30 + bars.length * rowHeight;
  const rows = bars.map((b, i) => {
    const y = 24 + i * rowHeight;
    const w = max > 0 ? Math.round((b.value / max) * plotWidth) : 0;
    return [
      `<text x="0" y="${y + 14}" font-size="12">${escapeHtml(clip(b.label))}</text>`,
      `<rect x="${labelWidth}" y="${y}" width="${w}" height="18" fill="${colors[i % colors.length]}"/>`,
      `<text x="${labelWidth + w + 4}" y="${y + 14}" font-size="12">${escapeHtml(b.text)}</text>`,
    ].join("");
  });
  return svg(title, width, height, rows.join(""));
}

export function histogram(
  title: string,
  series: readonly { label: string; values: readonly number[] }[],
): string {
  const all = series.flatMap((s) => s.values);
  const width = 420;
  const height = 200;
  const bins = 10;
  const top = Math.max(1e-9, ...all);
  const binOf = (v: number) => Math.min(bins - 1, Math.floor((v / top) * bins));
  const counts = series.map((s) => {
    const c: number[] = Array.from({ length: bins }, () => 0);
    for (const v of s.values) c[binOf(v)]!++;
    return c;
  });
  const highest = Math.max(1, ...counts.flat());
  const plotLeft = 30;
  const plotBottom = height - 40;
  const binWidth = (width - plotLeft - 10) / bins;
  const barWidth = binWidth / Math.max(1, series.length);
  const bars = counts.flatMap((c, si) =>
    c.map((n, bi) => {
      const h = Math.round((n / highest) * (plotBottom - 30));
      const x = plotLeft + bi * binWidth + si * barWidth;
      return `<rect x="${x.toFixed(1)}" y="${plotBottom - h}" width="${(barWidth - 1).toFixed(1)}" height="${h}" fill="${colors[si % colors.length]}"/>`;
    }),
  );
  const axis = [
    `<line x1="${plotLeft}" y1="${plotBottom}" x2="${width - 10}" y2="${plotBottom}" stroke="#888"/>`,
    `<text x="${plotLeft}" y="${plotBottom + 14}" font-size="11">0</text>`,
    `<text x="${width - 10}" y="${plotBottom + 14}" font-size="11" text-anchor="end">${escapeHtml(top.toFixed(1))}</text>`,
    `<text x="2" y="34" font-size="11">${highest}</text>`,
  ];
  const legend = series.map(
    (s, i) =>
      `<rect x="${plotLeft + i * 110}" y="${height - 16}" width="10" height="10" fill="${colors[i % colors.length]}"/><text x="${plotLeft + 14 + i * 110}" y="${height - 7}" font-size="11">${escapeHtml(clip(s.label))}</text>`,
  );
  return svg(title, width, height, [...bars, ...axis, ...legend].join(""));
}

function svg(title: string, width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(title)}"><text x="0" y="14" font-size="13" font-weight="bold">${escapeHtml(title)}</text>${body}</svg>`;
}

function clip(text: string): string {
  return text.length > 18 ? `${text.slice(0, 17)}…` : text;
}
