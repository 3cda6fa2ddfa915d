// The condition that guards a `throw`/`raise` (on its line, or the `if` just above it), and whether
// it only asks if one value is missing: what result-fault.ts and argument-fault.ts read to tell a
// throw that rejects a value from a throw whose own condition may be the fault.
import type { CodeSymbol } from "../index/code-index.ts";

const THROW = /^\s*(?:throw|raise)\b/;
// `if (...) throw ...` / `if x is None: raise ...` on one line: the guard is the line itself.
const GUARD = /^\s*(?:\}\s*)?(?:if|elif|else\s+if|unless)\b(.*)$/;
const INLINE_GUARD = /^\s*(?:if|elif)\b(.*?)(?:throw|raise)\b/;
// The guard must be this close above the throw (the `if` line and its braces).
const GUARD_REACH = 3;
// The whole condition asks whether a value is missing: `!m`, `not x`, `result === null`, `x == null`,
// `x is None`, `typeof x === "undefined"`. Only equality counts: a bare `x`, `x !== null` or
// `x is not None` asks whether it is PRESENT (`if (existing) throw new Error("duplicate")`), where the
// callee found what it looked for and the guard itself is the suspect. `=== undefined`, `== null`
// and `typeof … === "undefined"` are the same question as `=== null` in JS (a lookup that gives up
// returns either), so they count too; `false` is what a predicate-like callee gives up with.
const MISSING = String.raw`(?:null|undefined|None|false|False)`;
const IDENT = String.raw`([A-Za-z_$][\w$]*)`;
const NOTHING_CHECK = new RegExp(
  String.raw`^\s*\(?\s*(?:(?:!\s*|not\s+)${IDENT}|${IDENT}\s*(?:===?|\bis\b(?!\s+not\b))\s*${MISSING}` +
    String.raw`|typeof\s+${IDENT}\s*===?\s*["']undefined["'])\s*\)?\s*[:{]?\s*$`,
);

// Only absence: `!x`, `not x`, `x == null`, `x === undefined`, `x is None` (not `x is not None`).
const ABSENCE_CHECK =
  /^\s*\(?\s*(?:(?:!\s*|not\s+)([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)\s*(?:={2,3}|\bis\b)\s*(?:null|undefined|None))\s*\)?\s*[:{]?\s*$/;

/** The variable a guard throws for when it is absent (a stricter nothingCheckedIn), or null. */
export function absenceCheckedIn(condition: string): string | null {
  const m = ABSENCE_CHECK.exec(condition);
  return m?.[1] ?? m?.[2] ?? null;
}

/**
 * The variable a guard finds missing, or null. Only such a guard says a value is missing: a callee
 * gave up (returned null, None, false) or a caller passed nothing; a guard that tests the value
 * itself (`!isValid(name)`, `len(x) > 63`) is a check of the thrower's own, which may be the fault.
 */
export function nothingCheckedIn(condition: string): string | null {
  const m = NOTHING_CHECK.exec(condition);
  return m?.[1] ?? m?.[2] ?? m?.[3] ?? null;
}

/** The condition that guards the throw at `line`: on its own line, or the `if` just above it. */
export function guardOf(
  lines: readonly string[],
  line: number,
  fn: CodeSymbol,
): { text: string; line: number } | null {
  const text = lines[line - 1] ?? "";
  const inline = INLINE_GUARD.exec(text);
  if (inline) return { text: inline[1] ?? "", line };
  if (!THROW.test(text)) return null;
  const indent = (l: string) => /^\s*/.exec(l)?.[0].length ?? 0;
  const own = indent(text);
  for (let n = line - 1; n >= Math.max(fn.startLine, line - GUARD_REACH); n--) {
    const above = lines[n - 1] ?? "";
    if (above.trim() === "" || indent(above) >= own) continue;
    const condition = GUARD.exec(above)?.[1];
    return condition === undefined ? null : { text: condition, line: n };
  }
  return null;
}
