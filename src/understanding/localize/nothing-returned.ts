// A crash on a value a project call returned as nothing: the innermost project frame reads a property
// of (or indexes) a local that the same function assigned from a call, and the message says that value
// was undefined, null or None,
//
//     const handle = peek(node)            t = parse(value)
//     after = handle.charAt(0)             return t.timetuple()     # 'NoneType' object has no attribute
//
// or dereferences a call's result on the crashing line itself (`peek(node).charAt(0)`). The function
// that crashed trusted what it was given back; the callee that returned nothing is as strong a suspect.
// Beside result-fault.ts (a guard that rejects a returned value) and argument-fault.ts (a crash on a
// parameter, the caller's doing).
import type { Failure } from "../../perception/failure.ts";
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { LoggedLocation } from "./extract-entities.ts";
import type { LogPathResolver } from "./resolve-log-path.ts";
import { innermostCodeFrames } from "./last-traceback.ts";
import { parameterNames } from "./parameter-names.ts";
import { resolveCallee } from "./test-target-signal.ts";
import { escapeRegExp } from "../../escape-regexp.ts";

export interface NothingReturned {
  /** The function whose result was nothing. */
  calleeId: string;
  /** The frame that crashed on it. */
  innermostId: string;
  where: string;
}

// `Cannot read properties of undefined (reading 'x')` (V8); `'NoneType' object has no attribute 'x'`.
const READ_OF_NOTHING =
  /Cannot read propert(?:y|ies) of (?:undefined|null) \(reading '([^']+)'\)|'NoneType' object has no attribute '([^']+)'/;
// `'NoneType' object is not subscriptable`: indexed, no property named.
const INDEX_OF_NONE = /'NoneType' object is not subscriptable/;

/** What the crashed line must do to the value: read `.property`, or index it. */
function accessOf(message: string): { property: string | null } | null {
  const read = READ_OF_NOTHING.exec(message);
  if (read) return { property: read[1] ?? read[2] ?? "" };
  return INDEX_OF_NONE.test(message) ? { property: null } : null;
}

export function nothingReturned(
  failures: readonly Failure[],
  locations: readonly LoggedLocation[],
  resolve: LogPathResolver,
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
): NothingReturned[] {
  const out: NothingReturned[] = [];
  const crashes = innermostCodeFrames(
    failures,
    locations,
    resolve,
    lookup,
    (f) => accessOf(f.message) !== null,
  );
  for (const { failure, frame: inner } of crashes) {
    const access = accessOf(failure.message);
    if (!access) continue;
    const crashed = lookup.enclosing(inner.file, inner.line);
    const lines = readLines(inner.file);
    if (!crashed || !lines) continue;
    const text = lines[inner.line - 1] ?? "";
    const after =
      access.property === null
        ? String.raw`\s*\[`
        : String.raw`\s*\??\.\s*${escapeRegExp(access.property)}\b`;
    const source =
      directCall(text, after, inner.line) ?? assignedLocal(text, after, lines, crashed, inner.line);
    if (source === null) continue;
    const callees = index.calls
      .filter(
        (c) =>
          c.file === inner.file &&
          c.line === source.line &&
          c.from === crashed.id &&
          c.calleeName === source.callee,
      )
      .flatMap((c) => resolveCallee(c, lookup))
      .filter((s) => s.id !== crashed.id);
    for (const callee of callees)
      out.push({ calleeId: callee.id, innermostId: crashed.id, where: `${inner.file}:${source.line}` });
  }
  return out;
}

/** `peek(node).charAt(0)`: a plain call's result dereferenced on the crashed line. */
function directCall(text: string, after: string, line: number): { line: number; callee: string } | null {
  const callee = new RegExp(String.raw`(?<![\w$.])([A-Za-z_$][\w$]*)\s*\([^()]*\)${after}`).exec(text)?.[1];
  return callee === undefined ? null : { line, callee };
}

/**
 * `x.property` (or `x[`) on the crashed line, where `x` is no parameter and the nearest assignment to
 * it above, in the same function, is from a plain call: that call's line and callee.
 */
function assignedLocal(
  text: string,
  after: string,
  lines: readonly string[],
  fn: CodeSymbol,
  line: number,
): { line: number; callee: string } | null {
  const parameters = new Set(parameterNames(fn));
  const receivers = [...text.matchAll(new RegExp(String.raw`(?<![\w$.])([A-Za-z_$][\w$]*)${after}`, "g"))]
    .map((m) => m[1] ?? "")
    .filter((r) => !parameters.has(r) && r !== "self" && r !== "this");
  for (const variable of new Set(receivers)) {
    const name = escapeRegExp(variable);
    const assigned = new RegExp(
      String.raw`(?:^|[\s,;({])${name}\s*(?::[^=]+)?=(?!=)\s*(?:await\s+)?([\w$.]+)\s*\(`,
    );
    const any = new RegExp(String.raw`(?:^|[\s,;({])${name}\s*(?::[^=]+)?[-+*/|&]?=(?!=)`);
    for (let n = line - 1; n >= fn.startLine; n--) {
      const at = lines[n - 1] ?? "";
      if (!any.test(at)) continue;
      // The nearest assignment decides: `x = f()` then `x = x || {}` is no call's result any more.
      const callee = assigned.exec(at)?.[1];
      if (callee !== undefined && !callee.includes(".")) return { line: n, callee };
      break;
    }
  }
  return null;
}
