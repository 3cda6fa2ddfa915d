// Property reads (`req.protocol`, `this.fresh`) as call sites: a read of an accessor runs its getter.
// Each caller keeps one site per property as written; assemble-index.ts keeps a read only when it
// resolves to an accessor, so a read of a plain field adds nothing.
import type { Node } from "web-tree-sitter";
import type { ParsedCall } from "./file-parse.ts";
import { innermostCallers, type CallerSpan } from "./innermost-caller.ts";

export function propertyReads(reads: readonly Node[], callers: readonly CallerSpan[]): ParsedCall[] {
  const kept = reads.filter((r) => !isCalleeOrTarget(r));
  const from = innermostCallers(
    callers,
    kept.map((r) => ({ start: r.startIndex, end: r.endIndex })),
  );
  const seen = new Set<string>();
  const out: ParsedCall[] = [];
  kept.forEach((read, i) => {
    const caller = from[i] ?? null;
    const text = read.text;
    const key = `${caller ?? ""}\0${text}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ from: caller, calleeName: text, line: read.startPosition.row + 1, read: true });
  });
  return out;
}

/** `req.accepts(...)` is a call site already; `req.x = 1` and `req.n++` write, they do not read. */
function isCalleeOrTarget(read: Node): boolean {
  const parent = read.parent;
  if (!parent) return false;
  const field =
    parent.type === "call_expression"
      ? "function"
      : parent.type === "new_expression"
        ? "constructor"
        : parent.type === "assignment_expression" || parent.type === "augmented_assignment_expression"
          ? "left"
          : null;
  if (parent.type === "update_expression") return true;
  return field !== null && parent.childForFieldName(field)?.equals(read) === true;
}
