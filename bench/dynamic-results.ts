// The tasks a locate-dynamic-bench.ts run left results for, across one or more of its --work
// folders (a later folder's result wins), for the scripts that re-read those runs offline.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";

export interface DynamicResults {
  /** Task id -> the work folder holding its `results/ID.json`. */
  workOf: Map<string, string>;
  /** The ids, sorted, limited to `only` when it names any. */
  ids: string[];
}

export function dynamicResults(workFlag: string | undefined, onlyFlag: string | undefined): DynamicResults {
  const works = (workFlag ?? "")
    .split(",")
    .filter(Boolean)
    .map((w) => resolve(w));
  const only = new Set((onlyFlag ?? "").split(",").filter(Boolean));
  const workOf = new Map<string, string>();
  for (const work of works)
    for (const n of readdirSync(join(work, "results")))
      if (n.endsWith(".json") && !n.endsWith(".coverage.json")) workOf.set(n.slice(0, -".json".length), work);
  const ids = [...workOf.keys()].filter((id) => only.size === 0 || only.has(id)).sort();
  return { workOf, ids };
}
