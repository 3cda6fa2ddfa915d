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
import { parameterNames } from "./parameter-names.ts";
import { guardOf, nothingCheckedIn } from "./throw-guard.ts";
import { innermostCodeFrames } from "./last-traceback.ts";

export interface ResultFault {
  /** The function whose return value the guard rejected. */
  calleeId: string;
  /** The frame that threw. */
  innermostId: string;
  variable: string;
  where: string;
}

export function resultFaults(
  failures: readonly Failure[],
  locations: readonly LoggedLocation[],
  resolve: LogPathResolver,
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
): ResultFault[] {
  const out: ResultFault[] = [];
  for (const { frame: inner } of innermostCodeFrames(failures, locations, resolve, lookup)) {
    const thrower = lookup.enclosing(inner.file, inner.line);
    const lines = readLines(inner.file);
    if (!thrower || !lines) continue;
    const guard = guardOf(lines, inner.line, thrower);
    if (guard === null) continue;
    const variable = nothingCheckedIn(guard.text);
    if (variable === null || parameterNames(thrower).includes(variable)) continue;
    const assigned = assignedFromCall(lines, variable, thrower, inner.line);
    // A plain call (an imported or module function): `x.m()` on a value of unknown type is bound
    // only by a unique method name, too weak to move a frame's strength. Only the call whose value
    // was assigned: in `x = obj.m(parse(s))` `parse` returned an argument, not `x`.
    if (assigned === null || assigned.callee.includes(".")) continue;
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
  }
  return out;
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
