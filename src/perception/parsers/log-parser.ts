// One parser per tool. A parser says how sure it is that a log is its tool's output (by what the text
// looks like, never by file names), then extracts failures from the normalised lines.
import type { Failure } from "../failure.ts";

export interface LogParser {
  /** Stable tool name reported in Failure.tool. */
  readonly tool: string;
  /** 0 = not this tool; higher = more certain. Cheap: looks at marker lines only. */
  detect(lines: readonly string[]): number;
  parse(lines: readonly string[], context: ParseContext): Failure[];
}

export interface ParseContext {
  /** Maps a path as printed in the log to a repository-relative path, or null if it is outside the repo. */
  toRepoPath(printed: string): string | null;
  /** True for paths in node_modules, site-packages, stdlib, runtime internals. */
  isExternal(printed: string): boolean;
}
