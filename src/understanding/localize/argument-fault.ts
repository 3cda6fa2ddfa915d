// A crash on a parameter is the caller's doing: when the innermost project frame fails because one of
// its own parameters has the wrong type (`iter.keys is not a function`, `Cannot read properties of
// undefined (reading 'type')` on `selector.type`, `'dict' object has no attribute 'cache'` on
// `ctx.cache`), the bad value came in from the next frame out: swapped or wrong arguments, an index
// off by one at the call site. That caller is as strong a suspect as the frame that crashed. So is
// the caller of a function whose unguarded fall-through `raise TypeError(...)` rejected what it got,
// and of one that threw because a parameter was missing (`if (!defaultType) throw ...`).
import type { Failure } from "../../perception/failure.ts";
import type { LoggedLocation } from "./extract-entities.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import type { LogPathResolver } from "./resolve-log-path.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { CodeSymbol } from "../index/code-index.ts";
import { absenceCheckedIn, guardOf } from "./throw-guard.ts";
import { lastTracebackFrames } from "./last-traceback.ts";

export interface ArgumentFault {
  /** The caller that passed the bad value. */
  callerId: string;
  /** The frame that crashed on it. */
  innermostId: string;
  parameter: string;
  where: string;
}

// `x.y is not a function`, `x.y is not iterable` (V8): the receiver and the property.
const JS_NOT_CALLABLE = /\b([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*) is not (?:a function|iterable)/;
// `Cannot read properties of undefined (reading 'type')` (V8): only the property.
const JS_READ_OF_NOTHING = /Cannot read propert(?:y|ies) of (?:undefined|null) \(reading '([^']+)'\)/;
// `'dict' object has no attribute 'cache'` (Python): only the attribute (name-mangled for `__x`).
const PY_NO_ATTRIBUTE = /object has no attribute '([^']+)'/;

const THROW = /^(\s*)(?:throw|raise)\b/;

/**
 * The crashed line throws, and no condition of its own function guards it: the `raise TypeError`
 * that ends a chain of `if isinstance(obj, ...): return ...`. It fires for whatever the function was
 * not made to take, so the function chose nothing wrong; what it was given did. A throw inside an
 * `if` is left alone: that condition may be the fault (`if indent <= 0: raise`).
 */
function isUnguardedThrow(line: string, fn: CodeSymbol, readLines: ReadLines): boolean {
  const thrown = THROW.exec(line);
  if (!thrown) return false;
  const lines = readLines(fn.file) ?? [];
  const indent = (l: string) => /^\s*/.exec(l)?.[0].length ?? 0;
  const own = indent(lines[fn.startLine - 1] ?? "");
  const body = lines
    .slice(fn.startLine, fn.endLine)
    .filter((l) => l.trim() !== "" && indent(l) > own)
    .map(indent);
  return body.length > 0 && (thrown[1] ?? "").length === Math.min(...body);
}

/** What the message says was looked up, and on which name when it says so. */
function failedAccess(message: string): { receiver: string | null; property: string } | null {
  const called = JS_NOT_CALLABLE.exec(message);
  if (called) return { receiver: called[1] ?? null, property: called[2] ?? "" };
  const read = JS_READ_OF_NOTHING.exec(message) ?? PY_NO_ATTRIBUTE.exec(message);
  if (!read) return null;
  // Python mangles `self.__size` inside class Cache to `_Cache__size`.
  return { receiver: null, property: (read[1] ?? "").replace(/^_[A-Za-z]\w*?(__\w+)$/, "$1") };
}

/** Parameter names of a function from its signature (`(a, b: T = 1, *args, ...rest)`). */
export function parameterNames(symbol: CodeSymbol): string[] {
  const open = symbol.signature.indexOf("(");
  if (open < 0) {
    // `const f = x =>` has no parentheses.
    const bare = /([A-Za-z_$][\w$]*)\s*=>/.exec(symbol.signature);
    return bare?.[1] ? [bare[1]] : [];
  }
  let depth = 0;
  let current = "";
  const parts: string[] = [];
  for (const ch of symbol.signature.slice(open + 1)) {
    if ("([{<".includes(ch)) depth++;
    if (")]}>".includes(ch)) {
      if (depth === 0) break;
      depth--;
    }
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts.flatMap((p) => {
    const name = /^\s*(?:\*{1,2}|\.\.\.)?\s*([A-Za-z_$][\w$]*)/.exec(p)?.[1];
    return name ? [name] : [];
  });
}

/**
 * For each failure whose innermost project frame crashed on a parameter (the message names the
 * property, the frame's line reads it from the parameter), the project frame that called it.
 */
export function argumentFaults(
  failures: readonly Failure[],
  locations: readonly LoggedLocation[],
  resolve: LogPathResolver,
  lookup: SymbolLookup,
  readLines: ReadLines,
): ArgumentFault[] {
  const out: ArgumentFault[] = [];
  failures.forEach((failure, index) => {
    const access = failedAccess(failure.message);
    const [inner, outer] = lastTracebackFrames(index, locations, resolve, lookup);
    if (!inner || !outer || lookup.isTest(inner.file) || lookup.isTest(outer.file)) return;
    const crashed = lookup.enclosing(inner.file, inner.line);
    const caller = lookup.enclosing(outer.file, outer.line);
    if (!crashed || !caller || crashed.id === caller.id) return;
    const text = readLines(inner.file)?.[inner.line - 1] ?? "";
    if (isUnguardedThrow(text, crashed, readLines)) {
      out.push({
        callerId: caller.id,
        innermostId: crashed.id,
        parameter: "its input",
        where: `${outer.file}:${outer.line}`,
      });
      return;
    }
    const missing = missingParameter(crashed, inner.line, readLines);
    if (missing !== null) {
      out.push({
        callerId: caller.id,
        innermostId: crashed.id,
        parameter: missing,
        where: `${outer.file}:${outer.line}`,
      });
      return;
    }
    if (!access) return;
    const property = access.property.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const receivers = [...text.matchAll(new RegExp(`([A-Za-z_$][\\w$]*)\\s*\\??\\.\\s*${property}\\b`, "g"))]
      .map((m) => m[1] ?? "")
      .filter((r) => access.receiver === null || r === access.receiver);
    const parameters = new Set(parameterNames(crashed));
    const parameter = receivers.find((r) => parameters.has(r));
    if (parameter === undefined) return;
    // A function that checks the parameter's type itself owns the crash: its check let it through.
    const body = (readLines(crashed.file) ?? []).slice(crashed.startLine - 1, crashed.endLine).join("\n");
    if (checksType(body, parameter)) return;
    out.push({
      callerId: caller.id,
      innermostId: crashed.id,
      parameter,
      where: `${outer.file}:${outer.line}`,
    });
  });
  return out;
}

/** `typeof x`, `x instanceof`, `isinstance(x`, `x == null`, `x is None`, `Array.isArray(x)`. */
function checksType(body: string, parameter: string): boolean {
  const p = parameter.replace(/\$/g, "\\$");
  return new RegExp(
    `typeof\\s+${p}\\b|\\b${p}\\s+instanceof\\b|isinstance\\(\\s*${p}\\b|\\b${p}\\s*[!=]==?\\s*(?:null|undefined)\\b|\\b${p}\\s+is\\s+(?:not\\s+)?None\\b|isArray\\(\\s*${p}\\s*\\)`,
  ).test(body);
}

/**
 * The parameter whose absence the throw at `line` rejects: its guard only asks whether that
 * parameter is missing (`if (!defaultType) throw ...`, `if spec is None: raise ...`). The function
 * did what it was written to do; the caller passed nothing there (swapped or dropped arguments).
 */
function missingParameter(fn: CodeSymbol, line: number, readLines: ReadLines): string | null {
  const guard = guardOf(readLines(fn.file) ?? [], line, fn);
  const missing = guard ? absenceCheckedIn(guard.text) : null;
  return missing !== null && parameterNames(fn).includes(missing) ? missing : null;
}
