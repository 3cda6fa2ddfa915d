// Reads, screens and parses one file. Runs on the main thread or inside a parse worker. The read is
// confined by real path at use time: a file replaced by a link out of the repository is not read.
import { readWorkspaceFile } from "../../workspace/read-workspace-file.ts";
import { extractFile } from "./extract-file.ts";
import type { FileOutcome } from "./file-parse.ts";
import type { Grammars } from "./grammars.ts";
import type { LanguageId } from "./languages.ts";
import { contentSkipReason } from "./skip-rules.ts";

export interface ParseJob {
  root: string;
  /** Repository-relative path. */
  path: string;
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
  const file = readWorkspaceFile(job.root, job.path, { maxBytes: job.maxFileBytes });
  if (file.kind === "too_large") return { outcome: { skip: "too_large" }, bytes: file.size };
  if (file.kind !== "file") throw new Error(`${job.path} is no longer a regular file (${file.kind})`);
  const bytes = file.bytes;
  const skip = contentSkipReason(bytes, job.maxFileBytes);
  if (skip) return { outcome: { skip }, bytes: bytes.length };
  const language = await grammars.load(job.language);
  return { outcome: extractFile(language, bytes.toString("utf8")), bytes: bytes.length };
}
