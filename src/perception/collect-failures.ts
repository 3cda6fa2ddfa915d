// Accumulates failures across sections in bounded memory: each distinct failure once (sections parsed
// in overlapping pieces and tools that print a recap report some twice), at most `maxFailures`.
import type { Failure } from "./failure.ts";

export interface FailureCollector {
  add(failures: readonly Failure[], tools: readonly string[]): void;
  /** Annotations count only where no parser reported the same location. */
  addAnnotation(failure: Failure): void;
  result(): Failure[];
  tools(): string[];
  notes(): string[];
}

export function collectFailures(maxFailures: number): FailureCollector {
  const seen = new Set<string>();
  const failures: Failure[] = [];
  const annotations: Failure[] = [];
  const tools: string[] = [];
  let dropped = 0;
  const push = (list: Failure[], failure: Failure): void => {
    const key = failureKey(failure);
    if (seen.has(key)) return;
    if (failures.length + annotations.length >= maxFailures) {
      dropped++;
      return;
    }
    seen.add(key);
    list.push(failure);
  };
  return {
    add(found, foundTools) {
      for (const failure of found) push(failures, failure);
      for (const tool of foundTools) if (!tools.includes(tool)) tools.push(tool);
    },
    addAnnotation: (failure) => push(annotations, failure),
    result: () => [...failures, ...annotations.filter((a) => !failures.some((f) => sameLocation(f, a)))],
    tools: () => [...tools],
    notes: () => (dropped > 0 ? [`${dropped} further failure(s) not kept (limit ${maxFailures})`] : []),
  };
}

function failureKey(f: Failure): string {
  // The same string as joining the fields with NUL (null as ""), without the array.
  return `${f.tool}\u0000${f.file ?? ""}\u0000${f.line ?? ""}\u0000${f.column ?? ""}\u0000${f.test ?? ""}\u0000${f.rule ?? ""}\u0000${f.message.slice(0, 200)}`;
}

function sameLocation(parsed: Failure, annotation: Failure): boolean {
  if (parsed.line !== annotation.line || !parsed.file || !annotation.file) return false;
  return (
    parsed.file === annotation.file ||
    parsed.file.endsWith(`/${annotation.file}`) ||
    annotation.file.endsWith(`/${parsed.file}`)
  );
}
