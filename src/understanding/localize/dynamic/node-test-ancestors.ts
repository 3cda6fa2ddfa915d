// The enclosing tests of a node:test test (failing or passing), read from the log's nesting (TAP `# Subtest: name`
// lines, the spec reporter's `▶ name` lines, both indented by depth). `--test-name-pattern` skips a
// subtest whose parent does not match (Node 20), so a nested failing test is selected only when its
// ancestors' names are patterns too. TAP escapes `\` and `#` in both (perception's names are
// unescaped); the spec reporter prints names as they are.
import { tapUnescape } from "../../../perception/parsers/tap-unescape.ts";

export function nodeTestAncestors(logText: string, name: string, failed: boolean): string[] {
  const lines = logText.split("\n");
  const result = (l: string): "fail" | "pass" | null => {
    const t = l.trim();
    const tap = /^(?:not )?ok \d+ - /.test(t);
    const printed = t.replace(/^(?:not )?ok \d+ - |^[✖✔] /, "");
    const rest = tap ? tapUnescape(printed) : printed;
    if (printed === t || !(rest === name || rest.startsWith(`${name} (`) || rest.startsWith(`${name} # `)))
      return null;
    return t.startsWith("not ok") || t.startsWith("✖") ? "fail" : "pass";
  };
  // The same name can be declared under two parents: the line with the wanted outcome first.
  const wanted = failed ? "fail" : "pass";
  const at = lines.findIndex((l) => result(l) === wanted);
  const failedAt = at >= 0 ? at : lines.findIndex((l) => result(l) !== null);
  if (failedAt < 0) return [];
  let depth = indentOf(lines[failedAt] ?? "");
  const out: string[] = [];
  for (let i = failedAt - 1; i >= 0 && depth > 0; i--) {
    const line = lines[i] ?? "";
    const indent = indentOf(line);
    if (indent >= depth) continue;
    const header = /^\s*(?:(# Subtest: )|▶ )(.+?)\s*$/.exec(line);
    if (!header) continue;
    out.unshift(header[1] ? tapUnescape(header[2] ?? "") : (header[2] ?? ""));
    depth = indent;
  }
  return out;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
