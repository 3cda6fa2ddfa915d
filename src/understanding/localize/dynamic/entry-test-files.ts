// Which test files a file-level runner (uvu, tape, tap, ava) starts by itself, from the command's own
// operands: a failing assertion inside a shared suite module (`test/suites/x.js`, skipped by
// `uvu -i suites`, or absent from `tape test/*.test.js`) is re-run through the test files that
// import it, since run alone it selects nothing.
import type { ImportRef } from "../../index/code-index.ts";
import { globPaths } from "./glob-paths.ts";
import type { TestRunnerKind } from "./test-runner-kind.ts";

export function entryPredicate(
  kind: TestRunnerKind,
  argv: readonly string[],
  root: string,
): (file: string) => boolean {
  const at = argv.findIndex((w) => (w.split("/").pop() ?? w) === kind);
  if (at < 0) return () => true;
  if (kind === "uvu") return uvuEntry(argv.slice(at + 1));
  const withValue = new Set(["-r", "--require", "-R", "--reporter", "-t", "--timeout"]);
  const operands = argv
    .slice(at + 1)
    .filter((w, i, all) => !w.startsWith("-") && !withValue.has(all[i - 1] ?? ""));
  if (operands.length === 0) return () => true;
  // A quoted glob reaches the runner as written (`tape 'test/**/*.js'`), which expands it itself.
  const listed = new Set(operands.flatMap((op) => (/[*?[]/.test(op) ? globPaths(op, root) : [])));
  return (file) =>
    listed.has(file) || operands.some((op) => file === op || file.startsWith(`${op.replace(/\/$/, "")}/`));
}

// uvu [dir] [pattern] -i IGNORE: files under dir, matching the pattern, matching no ignore.
function uvuEntry(args: readonly string[]): (file: string) => boolean {
  const ignores: string[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i] ?? "";
    if (word === "-i" || word === "--ignore") ignores.push(args[++i] ?? "");
    else if (word === "-r" || word === "--require") i++;
    else if (!word.startsWith("-")) operands.push(word);
  }
  const dir = (operands[0] ?? ".").replace(/\/$/, "");
  const pattern = operands[1] === undefined ? null : safeRegex(operands[1]);
  return (file) => {
    const under = dir === "." ? file : file.startsWith(`${dir}/`) ? file.slice(dir.length + 1) : null;
    if (under === null) return false;
    if (pattern !== null && !pattern.test(under)) return false;
    return !ignores.some((ig) => safeRegex(ig)?.test(under) ?? under.includes(ig));
  };
}

function safeRegex(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/** `file` itself when the runner starts it, else the entries that import it (directly or one hop). */
export function entriesFor(
  file: string,
  isEntry: (file: string) => boolean,
  isTest: (file: string) => boolean,
  imports: readonly ImportRef[],
): string[] {
  if (isEntry(file)) return [file];
  const importers = (target: string) => [
    ...new Set(imports.filter((i) => i.resolved === target && isTest(i.file)).map((i) => i.file)),
  ];
  const direct = importers(file);
  const entries = direct.filter(isEntry);
  if (entries.length > 0) return entries;
  return [...new Set(direct.flatMap(importers).filter(isEntry))];
}

/**
 * Of several entries sharing a failing suite module, those the log shows failing: uvu prints each
 * file's path (under its dir) on a line of its own, then its suites, `✘` marking a failed test.
 * Entries the log does not show as sections are all kept.
 */
export function failingEntries(entries: readonly string[], logText: string): string[] {
  if (entries.length < 2) return [...entries];
  const lines = logText.split("\n").map((l) => l.trim());
  const headerOf = (line: string) =>
    entries.find((e) => line !== "" && (e === line || e.endsWith(`/${line}`)));
  const failed = new Set<string>();
  let current: string | undefined;
  let seen = 0;
  for (const line of lines) {
    const header = headerOf(line);
    if (header !== undefined) {
      current = header;
      seen++;
      continue;
    }
    if (current !== undefined && line.includes("✘")) failed.add(current);
  }
  if (seen === 0 || failed.size === 0) return [...entries];
  return entries.filter((e) => failed.has(e));
}
