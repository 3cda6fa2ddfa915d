// One crash per section. When a process dies, the runner often reports it too (jest: `A jest worker
// process … was terminated`, vitest: `Worker forks emitted error`), beside the crash parser's line
// (`FATAL ERROR: … heap out of memory`). The runner's report wins when it names the test file the
// worker was running; otherwise the crash parser's evidence stays, under the runner's name.
import type { Failure } from "./failure.ts";

export interface ParserFailures {
  crashReporter: boolean;
  failures: readonly Failure[];
}

export function mergeCrashReports(found: readonly ParserFailures[]): Failure[] {
  const generic = found.filter((f) => f.crashReporter).flatMap((f) => f.failures);
  const others = found.filter((f) => !f.crashReporter).flatMap((f) => f.failures);
  const runnerCrashes = others.filter((f) => f.kind === "crash");
  const runner = runnerCrashes[0];
  if (generic.length === 0 || runner === undefined) return [...others, ...generic];
  if (runnerCrashes.some((f) => f.file !== null)) return others;
  return [...others.filter((f) => f.kind !== "crash"), ...generic.map((g) => ({ ...g, tool: runner.tool }))];
}
