// Runs a task pack: tasks already recorded in the output folder are kept (resume), the rest run
// `concurrency` at a time, and each record is appended the moment its task ends.
import { UsageError } from "../errors.ts";
import type { BenchRecord } from "./bench-record.ts";
import { appendBenchRecord, readBenchRecords } from "./bench-results.ts";
import type { BenchTask } from "./bench-task.ts";
import type { BenchOptions } from "./run-bench-task.ts";

export interface BenchRun {
  tasks: readonly BenchTask[];
  outDir: string;
  concurrency: number;
  options: BenchOptions;
  runTask: (task: BenchTask) => Promise<BenchRecord>;
  /** Told before the first task runs: how many were already finished. */
  onStart?: (finished: number, pending: number) => void;
  onRecord?: (record: BenchRecord) => void;
}

export async function runBench(run: BenchRun): Promise<BenchRecord[]> {
  const known = new Set(run.tasks.map((t) => t.id));
  const finished = readBenchRecords(run.outDir).filter((r) => known.has(r.taskId));
  const other = finished.find((r) => r.model !== run.options.model);
  if (other)
    throw new UsageError(
      `${run.outDir} holds results of model ${other.model}, not ${run.options.model}; pass another --out to compare models`,
    );
  const done = new Set(finished.map((r) => r.taskId));
  const pending = run.tasks.filter((t) => !done.has(t.id));
  run.onStart?.(finished.length, pending.length);
  const records = new Map(finished.map((r) => [r.taskId, r]));
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const task = pending[next++]!;
      const record = await run.runTask(task);
      appendBenchRecord(run.outDir, record);
      records.set(task.id, record);
      run.onRecord?.(record);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(run.concurrency, pending.length)) }, worker));
  return run.tasks.map((t) => records.get(t.id)).filter((r): r is BenchRecord => r !== undefined);
}
