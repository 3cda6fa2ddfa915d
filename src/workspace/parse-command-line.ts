// Splits a configured or agent-requested command line into argv with shell-word rules. Anything a
// shell would interpret (pipes, redirects, `;`, `&&`, globs, `$VAR`, `$(...)`, comments) is refused:
// the argv never reaches a shell, so accepting them would silently change what the command means.
import { parse } from "shell-quote";

export type ParsedCommandLine = { ok: true; argv: string[] } | { ok: false; reason: string };

/**
 * `expandGlob`: a caller that knows the directory the command runs in expands a glob operand to its
 * paths, as a shell would (returning none keeps the pattern as written, like bash without nullglob).
 */
export function parseCommandLine(
  line: string,
  options: { expandGlob?: (pattern: string) => string[] } = {},
): ParsedCommandLine {
  if (line.includes("\n") || line.includes("\r"))
    return { ok: false, reason: "one command per call: the command line contains a line break" };
  const variables: string[] = [];
  const entries = parse(line, (name) => {
    variables.push(name);
    return { op: "variable" as const, pattern: name };
  });
  if (variables.length > 0)
    return {
      ok: false,
      reason: `variable or command substitution ($${variables[0] ?? ""}...) is not supported; write the value literally`,
    };
  const argv: string[] = [];
  for (const entry of entries) {
    if (typeof entry === "string") {
      argv.push(entry);
      continue;
    }
    if ("comment" in entry) return { ok: false, reason: "remove the `#` comment from the command" };
    if (entry.op === "glob" && options.expandGlob) {
      const paths = options.expandGlob(entry.pattern);
      argv.push(...(paths.length > 0 ? paths : [entry.pattern]));
      continue;
    }
    if (entry.op === "glob")
      return {
        ok: false,
        reason: `glob ${entry.pattern} is not expanded (no shell); list files explicitly or use find`,
      };
    return {
      ok: false,
      reason: `shell operator ${JSON.stringify(entry.op)} is not supported (no shell): run one command per call, without pipes or redirects`,
    };
  }
  if (argv.length === 0) return { ok: false, reason: "the command is empty" };
  return { ok: true, argv };
}
