import type { CoverageByFile, CoverageRecords } from "./v8-coverage-lines.ts";

/** The union of several coverage maps: a line or function counts when any part ran it. */
export function mergeCoverage(parts: readonly CoverageByFile[]): CoverageByFile {
  const out: CoverageByFile = new Map();
  for (const part of parts)
    for (const [file, entry] of part) {
      const into = out.get(file) ?? { lines: new Set<number>(), functionNames: new Set<string>() };
      for (const line of entry.lines) into.lines.add(line);
      for (const name of entry.functionNames) into.functionNames.add(name);
      if (entry.callers) {
        const callers = into.callers ?? new Map<string, Set<string>>();
        for (const [callee, sites] of entry.callers)
          callers.set(callee, new Set([...(callers.get(callee) ?? []), ...sites]));
        into.callers = callers;
      }
      out.set(file, into);
    }
  return out;
}

/** Everything a run executed, inside its tests or outside them, as one map. */
export function allCoverage(records: CoverageRecords): CoverageByFile {
  return mergeCoverage([records.outside, ...records.tests.map((t) => t.coverage)]);
}
