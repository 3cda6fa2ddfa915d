// A throw that rejects what a callee returned is the callee's symptom: the innermost project frame
// of a failure is a `throw`/`raise` guarded by a condition on a variable the same function assigned
// from a call into the project,
//
//     const result = parse(string);
//     if (result === null) throw new Error(`Could not parse MIME type string "${string}"`);
//
// The function that threw did what it was written to do when `parse` gave up; the wrong value came
// from `parse` (or from below it). That callee is as strong a suspect as the frame that threw, the
// mirror of argument-fault.ts, where the bad value comes in from the caller.
import type { Failure } from "../../perception/failure.ts";
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { LoggedLocation } from "./extract-entities.ts";
import type { LogPathResolver } from "./resolve-log-path.ts";
import { resolveCallee } from "./test-target-signal.ts";
import { parameterNames } from "./argument-fault.ts";

export interface ResultFault {
  /** The function whose return value the guard rejected. */
  calleeId: string;
  /** The frame that threw. */
  innermostId: string;
  variable: string;
  where: string;
}

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

export function resultFaults(
  failures: readonly Failure[],
  locations: readonly LoggedLocation[],
  resolve: LogPathResolver,
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
): ResultFault[] {
  const out: ResultFault[] = [];
  const seen = new Set<string>();
  failures.forEach((_failure, i) => {
    const own = locations.filter((l) => l.origin === "frame" && l.group.startsWith(`f${i}.`));
    const last = Math.max(-1, ...own.map((l) => l.offset));
    const inner = own
      .filter((l) => l.offset === last && !l.external && l.line !== null)
      .map((l) => ({ file: resolve(l.path), line: l.line as number }))
      .find((l): l is { file: string; line: number } => l.file !== null && lookup.file(l.file) !== undefined);
    if (!inner || lookup.isTest(inner.file)) return;
    const key = `${inner.file}:${inner.line}`;
    if (seen.has(key)) return;
    seen.add(key);
    const thrower = lookup.enclosing(inner.file, inner.line);
    const lines = readLines(inner.file);
    if (!thrower || !lines) return;
    const guard = guardOf(lines, inner.line, thrower);
    if (guard === null) return;
    const variable = nothingCheckedIn(guard.text);
    if (variable === null || parameterNames(thrower).includes(variable)) return;
    const assigned = assignedFromCall(lines, variable, thrower, inner.line);
    // A plain call (an imported or module function): `x.m()` on a value of unknown type is bound
    // only by a unique method name, too weak to move a frame's strength. Only the call whose value
    // was assigned: in `x = obj.m(parse(s))` `parse` returned an argument, not `x`.
    if (assigned === null || assigned.callee.includes(".")) return;
    const callees = index.calls
      .filter(
        (c) =>
          c.file === inner.file &&
          c.line === assigned.line &&
          c.from === thrower.id &&
          c.to !== null &&
          c.calleeName === assigned.callee,
      )
      .flatMap((c) => resolveCallee(c, lookup))
      .filter((s) => s.id !== thrower.id);
    for (const callee of callees)
      out.push({
        calleeId: callee.id,
        innermostId: thrower.id,
        variable,
        where: `${inner.file}:${assigned.line}`,
      });
  });
  return out;
}

/**
 * The variable a guard finds missing, or null. Only such a guard says the callee gave up (returned
 * null, None, false); a guard that tests the value itself (`!isValid(name)`, `len(x) > 63`) is a
 * check of the thrower's own, which may be the fault, and a parameter's value came from the caller.
 */
function nothingCheckedIn(condition: string): string | null {
  const m = NOTHING_CHECK.exec(condition);
  return m?.[1] ?? m?.[2] ?? m?.[3] ?? null;
}

/** The condition that guards the throw at `line`: on its own line, or the `if` just above it. */
function guardOf(
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

/** The line, above the throw in the same function, that assigns `variable` from a call, and the callee. */
function assignedFromCall(
  lines: readonly string[],
  variable: string,
  fn: CodeSymbol,
  before: number,
): { line: number; callee: string } | null {
  const name = variable.replace(/\$/g, "\\$");
  const assignment = new RegExp(
    `(?:^|[\\s,;({])${name}\\s*(?::[^=]+)?=(?!=)\\s*(?:await\\s+)?([\\w$.]+)\\s*\\(`,
  );
  for (let n = before - 1; n >= fn.startLine; n--) {
    const callee = assignment.exec(lines[n - 1] ?? "")?.[1];
    if (callee !== undefined) return { line: n, callee };
  }
  return null;
}
