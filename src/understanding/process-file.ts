// Reads, screens and parses one file. Runs on the main thread or inside a parse worker.
import { readFileSync } from "node:fs";
import { extractFile } from "./extract-file.ts";
import type { FileOutcome } from "./file-parse.ts";
import type { Grammars } from "./grammars.ts";
import type { LanguageId } from "./languages.ts";
import { contentSkipReason } from "./skip-rules.ts";

export interface ParseJob {
  absPath: string;
  language: LanguageId;
  maxFileBytes: number;
}

export interface ParseResult {
  outcome: FileOutcome;
  bytes: number;
}

export async function processFile(grammars: Grammars, job: ParseJob): Promise<ParseResult> {
  // Synchronous: parsing is CPU-bound on one core, and an async read per file only adds
  // event-loop round trips.
  const bytes = readFileSync(job.absPath);
  const skip = contentSkipReason(bytes, job.maxFileBytes);
  if (skip) return { outcome: { skip }, bytes: bytes.length };
  const language = await grammars.load(job.language);
  return { outcome: extractFile(language, bytes.toString("utf8")), bytes: bytes.length };
}
