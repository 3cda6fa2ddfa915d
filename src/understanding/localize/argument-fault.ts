// A crash on a parameter is the caller's doing: when the innermost project frame fails because one of
// its own parameters has the wrong type (`iter.keys is not a function`, `Cannot read properties of
// undefined (reading 'type')` on `selector.type`, `'dict' object has no attribute 'cache'` on
// `ctx.cache`), the bad value came in from the next frame out: swapped or wrong arguments, an index
// off by one at the call site. That caller is as strong a suspect as the frame that crashed. So is
// the caller of a function whose unguarded fall-through `raise TypeError(...)` rejected what it got,
// of one that threw because a parameter was missing (`if (!defaultType) throw ...`) or called a
// parameter that is no function, and of any call on the stack whose arguments sit in each other's
// named slots (swapped-arguments.ts).
import type { Failure } from "../../perception/failure.ts";
import type { LoggedLocation } from "./extract-entities.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import type { LogPathResolver } from "./resolve-log-path.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { CodeSymbol } from "../index/code-index.ts";
import { CONSTRUCTOR_NAMES } from "../index/constructor-names.ts";
import { absenceCheckedIn, guardOf } from "./throw-guard.ts";
import { lastTracebackFrames, type ProjectFrame } from "./last-traceback.ts";
import { callOf, misplacedArgument } from "./swapped-arguments.ts";
import { parameterNames } from "./parameter-names.ts";
import { escapeRegExp } from "../../escape-regexp.ts";

export interface ArgumentFault {
  /** The caller that passed the bad value. */
  callerId: string;
  /** The frame that crashed on it. */
  innermostId: string;
  parameter: string;
  where: string;
  /** What the crashed frame's evidence says of it, when not that it crashed on `parameter`. */
  symptom?: string;
}

// `x.y is not a function`, `x.y is not iterable` (V8): the receiver and the property.
const JS_NOT_CALLABLE = /\b([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*) is not (?:a function|iterable)/;
// `Cannot read properties of undefined (reading 'type')` (V8): only the property.
const JS_READ_OF_NOTHING = /Cannot read propert(?:y|ies) of (?:undefined|null) \(reading '([^']+)'\)/;
// `'dict' object has no attribute 'cache'` (Python): only the attribute (name-mangled for `__x`).
const PY_NO_ATTRIBUTE = /object has no attribute '([^']+)'/;

// `'Return' object is not callable` (Python), `messageClass is not a function` (V8, a bare name):
// a called value, named only by the line that calls it.
const NOT_CALLABLE = /object is not callable|^(?:TypeError: )?([A-Za-z_$][\w$]*) is not a function\b/;

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
    const frames = lastTracebackFrames(index, locations, resolve, lookup);
    const swapped = swappedCall(frames, lookup, readLines);
    if (swapped) {
      out.push(swapped);
      return;
    }
    const [inner, outer] = frames;
    if (!inner || !outer || lookup.isTest(inner.file) || lookup.isTest(outer.file)) return;
    const crashed = lookup.enclosing(inner.file, inner.line);
    const caller = lookup.enclosing(outer.file, outer.line);
    if (!crashed || !caller || crashed.id === caller.id) return;
    if (!calledFrom(outer, crashed, readLines)) return;
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
    const called = calledParameter(failure.message, text, crashed);
    if (called !== null) {
      const body = (readLines(crashed.file) ?? []).slice(crashed.startLine - 1, crashed.endLine).join("\n");
      if (!checksType(body, called) && !/\bcallable\(/.test(body))
        out.push({
          callerId: caller.id,
          innermostId: crashed.id,
          parameter: called,
          where: `${outer.file}:${outer.line}`,
        });
      return;
    }
    if (!access) return;
    const property = escapeRegExp(access.property);
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

/**
 * The parameter the crashed line calls as a function when the message says a called value was not
 * one: `messageClass(self.filename, *args)` in `def report(self, messageClass, *args)`.
 */
function calledParameter(message: string, line: string, fn: CodeSymbol): string | null {
  const notCallable = NOT_CALLABLE.exec(message);
  if (!notCallable) return null;
  const parameters = new Set(parameterNames(fn));
  // A bare call: no `.` before the name (`self.messages.append(` calls a method, not a parameter).
  const calls = [...line.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g)].map((m) => m[1] ?? "");
  const named = notCallable[1];
  return calls.find((c) => parameters.has(c) && (named === undefined || c === named)) ?? null;
}

/**
 * The innermost call on the failing stack that passes an argument named like another of the
 * callee's parameters (swapped-arguments.ts): the caller made the mistake, however far below the
 * crash it surfaced.
 */
function swappedCall(
  frames: readonly ProjectFrame[],
  lookup: SymbolLookup,
  readLines: ReadLines,
): ArgumentFault | null {
  const [inner] = frames;
  const crashed = inner ? lookup.enclosing(inner.file, inner.line) : null;
  if (!inner || !crashed || lookup.isTest(inner.file)) return null;
  for (let k = 0; k + 1 < frames.length; k++) {
    const calleeFrame = frames[k] as ProjectFrame;
    const callerFrame = frames[k + 1] as ProjectFrame;
    if (lookup.isTest(callerFrame.file)) return null;
    const callee = lookup.enclosing(calleeFrame.file, calleeFrame.line);
    const caller = lookup.enclosing(callerFrame.file, callerFrame.line);
    if (!callee || !caller || callee.id === caller.id || !calledFrom(callerFrame, callee, readLines))
      continue;
    const owner = callee.parent ? lookup.byId(callee.parent) : undefined;
    const calledAs = CONSTRUCTOR_NAMES.has(callee.name) && owner ? owner.name : callee.name;
    const misplaced = misplacedArgument(callerFrame.file, callerFrame.line, callee, readLines, calledAs);
    if (misplaced)
      return {
        callerId: caller.id,
        innermostId: crashed.id,
        parameter: `${misplaced.argument} as ${callee.name}'s ${misplaced.slot} (swapped arguments)`,
        where: `${callerFrame.file}:${callerFrame.line}`,
        symptom: `below a call with swapped arguments at ${callerFrame.file}:${callerFrame.line}`,
      };
  }
  return null;
}

/**
 * The frame below `fn` passed its arguments: true unless `fn` is a generator its frame only resumes.
 * A generator's body runs when its consumer asks for the next value (`for await (const b of
 * stream)`), so the frame below it is where it was consumed; whoever passed its arguments built the
 * generator earlier, off this stack. Unless the consumer's line calls it by name (`for x in gen(a)`).
 */
function calledFrom(frame: ProjectFrame, fn: CodeSymbol, readLines: ReadLines): boolean {
  const body = (readLines(fn.file) ?? []).slice(fn.startLine - 1, fn.endLine);
  if (!body.some((l) => /(?<![\w$.])yield\b/.test(l))) return true;
  const at = readLines(frame.file)?.[frame.line - 1] ?? "";
  return callOf(fn.name).test(at);
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
