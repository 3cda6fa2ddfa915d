// results.jsonl in a bench's output folder: one record per finished task, appended as each task
// ends, so an interrupted bench resumes with the tasks that have no line yet.
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "../errors.ts";
import { benchRecord, type BenchRecord } from "./bench-record.ts";

export const resultsFileName = "results.jsonl";

export function resultsFile(outDir: string): string {
  return join(outDir, resultsFileName);
}

/** The finished records of an output folder (or a results file); the last line of a task wins. */
export function readBenchRecords(path: string): BenchRecord[] {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, resultsFileName) : path;
  if (!existsSync(file)) return [];
  const byTask = new Map<string, BenchRecord>();
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      // A line a kill cut short: that task simply runs again.
      return;
    }
    const parsed = benchRecord.safeParse(raw);
    if (!parsed.success)
      throw new UsageError(`${file}:${index + 1} is not a bench record; move the file away or fix the line`);
    byTask.set(parsed.data.taskId, parsed.data);
  });
  return [...byTask.values()];
}

export function appendBenchRecord(outDir: string, record: BenchRecord): void {
  mkdirSync(outDir, { recursive: true });
  const file = resultsFile(outDir);
  // A line a kill cut short gets its own end first, so the new record starts a line of its own.
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const cut = text !== "" && !text.endsWith("\n");
  appendFileSync(file, `${cut ? "\n" : ""}${JSON.stringify(record)}\n`);
}
