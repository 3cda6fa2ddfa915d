// One parser per tool. A parser says how sure it is that a log is its tool's output (by what the text
// looks like, never by file names), then extracts failures from the normalised lines.
import type { Failure } from "../failure.ts";

export interface LogParser {
  /** Stable tool name reported in Failure.tool. */
  readonly tool: string;
  /**
   * A fallback (the generic `path:line: message` parser) runs on a section only when no other parser
   * found a failure there.
   */
  readonly fallback?: boolean;
  /**
   * Reports a process that died (the crash parser). A runner's own report of the same crash in the
   * section takes its place or lends it its name (merge-crash-reports.ts).
   */
  readonly crashReporter?: boolean;
  /**
   * Substrings of which at least one appears in any log this parser can read. When given, detect() is
   * skipped for sections containing none of them: one `includes` per marker instead of a scan per parser.
   */
  readonly markers?: readonly string[];
  /**
   * 0 = not this tool; higher = more certain. Cheap: looks at marker lines only. `markerLines`, when
   * given, are the indexes (ascending) of the lines of `lines` that contain one of `markers`; a parser
   * whose every scoring line holds a marker may look at those lines only (the section parser finds
   * them in its one scan). Without it, detect looks at all lines.
   */
  detect(lines: readonly string[], markerLines?: readonly number[]): number;
  parse(lines: readonly string[], context: ParseContext): Failure[];
}

/**
 * `lines` given to a parser are one section of the log (one CI step or one npm script), already
 * normalised: no ANSI/OSC escapes, no Actions timestamps or markers, no CR, no BOM.
 */
export interface ParseContext {
  /**
   * Cleans a path as printed (file:// URL, backslashes, leading ./). Absolute paths may stay absolute:
   * `diagnose` maps every failure and frame to the repository root once the whole log has been read.
   */
  toRepoPath(printed: string): string;
  /** True for paths in node_modules, site-packages, stdlib, runtime internals. */
  isExternal(printed: string): boolean;
}
