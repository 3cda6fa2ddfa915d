// diagnose: a CI log (text or stream) -> structured failures + whose fault it is. readLog streams the
// log in bounded memory (a 500 MB log runs); finishDiagnosis maps paths to the repository and
// classifies. No LLM, no network, no file system.
import type { Classification, Failure } from "./failure.ts";
import { classifyRun, type RerunResult } from "./classify-run.ts";
import { createPathMapper, guessRootFromDependencies } from "./path-mapping.ts";
import { readLog, type LogReading, type ReadLogOptions } from "./read-log.ts";

export interface FinishOptions {
  /** The repository root as printed in the log or the local checkout; inferred when absent. */
  repoRoot?: string | undefined;
  /** Lets the path mapper test candidate repository-relative paths against a checkout. */
  fileExists?: ((relativePath: string) => boolean) | undefined;
  /** Results of rerunning the same commands on the same commit (for `flaky`). */
  reruns?: readonly RerunResult[] | undefined;
}

export type DiagnoseOptions = ReadLogOptions & FinishOptions;

export interface DiagnoseResult {
  failures: Failure[];
  classification: Classification;
  /** Tools that reported failures, in the order first seen. */
  tools: string[];
  /** What was dropped or truncated, for the reader. */
  notes: string[];
  /** The last normalised lines of the log (context for people and the planner). */
  tail: string[];
}

export async function diagnose(
  input: string | AsyncIterable<string | Uint8Array>,
  options: DiagnoseOptions = {},
): Promise<DiagnoseResult> {
  return finishDiagnosis(await readLog(input, options), options);
}

/** Repository paths and the verdict for what readLog found (cheap: at most maxFailures failures). */
export function finishDiagnosis(reading: LogReading, options: FinishOptions = {}): DiagnoseResult {
  const mapper = createPathMapper({ repoRoot: options.repoRoot, fileExists: options.fileExists });
  for (const root of reading.roots) mapper.addRoot(root);
  const guess = guessRootFromDependencies(
    reading.failures.flatMap((f) => f.frames.map((frame) => frame.file)),
  );
  if (guess !== null) mapper.addGuessedRoot(guess);
  const failures = reading.failures.map((f) => mapFailurePaths(f, mapper.toRepoPath));
  return {
    failures,
    classification: classifyRun({ failures, signals: reading.signals, reruns: options.reruns }),
    tools: reading.tools,
    notes: reading.notes,
    tail: reading.tail,
  };
}

function mapFailurePaths(failure: Failure, toRepoPath: (p: string) => string): Failure {
  return {
    ...failure,
    file: failure.file === null ? null : toRepoPath(failure.file),
    frames: failure.frames.map((frame) => ({ ...frame, file: toRepoPath(frame.file) })),
  };
}
