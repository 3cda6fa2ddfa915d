// A function whose whole body is a few lines that only pass values on is an entry point, not where the
// work is done: msgpack's `decode(buffer, options)` builds a `Decoder` and returns
// `decoder.decode(buffer)`. Tests call the entry, are named after it and print its name, so the
// test-facing and lexical signals point at it while the behaviour under test lies in what it calls.
// Those signals are split between the two. Only a wrapper that computes nothing: a guard, a literal,
// an operator or an argument list before the call is as likely the fault as what it calls (measured:
// splitting at every 1-3-statement wrapper lost more tasks than it won, RESULTS.md session 40). A
// wrapper that hands on to a same-named function of another module is namesake-delegate.ts's case.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import type { SignalName, SignalScores } from "./localize-signal.ts";
import { passSignals } from "./pass-signals.ts";
import { resolveCallee } from "./test-target-signal.ts";
import { decides } from "./namesake-delegate.ts";

// The wrapper keeps this share and its callee gets the rest: which function it calls may itself be
// wrong, and the callee's own evidence must still decide between it and its neighbours (giving the
// callee the whole strength cost heldout5 two file@1 and tune a func@1; RESULTS.md session 40).
const WRAPPER_SHARE = 0.5;
const PASS_SHARE = 1 - WRAPPER_SHARE;

// A wrapper's body: at most this many statements (`const e = new Encoder(o); return e.encode(v);`).
const MAX_STATEMENTS = 3;

// A call resolved by name to more callees than this says nothing about which one runs.
const MAX_DELEGATES = 2;

/** Signals that follow the name the test used, not what ran: they pass through a wrapper. */
const ENTRY_FACING: readonly SignalName[] = ["test_callee", "exact_name", "bm25", "bm25_log"];

export function passThroughWrappers(
  signals: ReadonlyMap<SignalName, SignalScores>,
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
): Map<SignalName, SignalScores> {
  const entries = new Set<string>();
  for (const name of ENTRY_FACING) for (const id of signals.get(name)?.keys() ?? []) entries.add(id);
  const delegates = delegatesOf(entries, index, lookup, readLines);
  return passSignals(
    signals,
    {
      names: ENTRY_FACING,
      targets: delegates,
      keep: WRAPPER_SHARE,
      pass: PASS_SHARE,
      kept: "a thin wrapper",
    },
    lookup,
  );
}

/** Wrapper id -> the ids of what its last call hands the work to. */
function delegatesOf(
  entries: ReadonlySet<string>,
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
): Map<string, string[]> {
  const lastCall = new Map<string, { line: number; callees: Set<string> }>();
  for (const call of index.calls) {
    // Handing a function on as a value (`return sorter(weight)` delegates to `sorter`) is not delegating to it.
    if (call.from === null || call.value || !entries.has(call.from)) continue;
    const wrapper = lookup.byId(call.from);
    // A plain call of a same-named function of another module is a namesake's face (namesake-delegate.ts).
    const callees = resolveCallee(call, lookup).filter(
      (c) => c.id !== call.from && !(isNamesake(wrapper, c) && !call.calleeName.includes(".")),
    );
    if (callees.length === 0) continue;
    const seen = lastCall.get(call.from);
    if (seen && seen.line > call.line) continue;
    const at = seen && seen.line === call.line ? seen : { line: call.line, callees: new Set<string>() };
    for (const c of callees) at.callees.add(c.id);
    lastCall.set(call.from, at);
  }
  const out = new Map<string, string[]>();
  for (const [id, { callees }] of lastCall) {
    const wrapper = lookup.byId(id);
    if (!wrapper || !isThin(wrapper, readLines)) continue;
    const targets = inReach(wrapper, [...callees], index, lookup);
    if (targets.length > 0 && targets.length <= MAX_DELEGATES) out.set(id, targets);
  }
  return out;
}

/**
 * `decoder.decode(buffer)` matched by name finds every `decode`; the wrapper's module can only call
 * one of its own or of a module it imports (`Decoder` from `./Decoder.ts`), when any is among them.
 */
function inReach(wrapper: CodeSymbol, callees: string[], index: CodeIndex, lookup: SymbolLookup): string[] {
  if (callees.length <= 1) return callees;
  const reachable = new Set([wrapper.file]);
  for (const ref of index.imports) if (ref.file === wrapper.file && ref.resolved) reachable.add(ref.resolved);
  const near = callees.filter((id) => reachable.has(lookup.byId(id)?.file ?? ""));
  return near.length > 0 ? near : callees;
}

function isNamesake(wrapper: CodeSymbol | undefined, callee: CodeSymbol): boolean {
  return wrapper !== undefined && callee.name === wrapper.name && callee.file !== wrapper.file;
}

/** A body of at most MAX_STATEMENTS statements that only forwards (see `forwardsOnly`). */
function isThin(symbol: CodeSymbol, readLines: ReadLines): boolean {
  if (symbol.bodyLine === undefined || decides(symbol, readLines)) return false;
  const lines = readLines(symbol.file)?.slice(symbol.bodyLine - 1, symbol.endLine);
  if (!lines) return false;
  const python = symbol.file.endsWith(".py");
  const text = withoutComments(lines.join("\n"), python);
  // A braced body's first line may end the signature (`): Uint8Array<ArrayBuffer> {`).
  const code = python ? text : text.slice(text.indexOf("{") + 1);
  return statements(code) <= MAX_STATEMENTS && forwardsOnly(code);
}

// An unclosed block comment or docstring runs to the end of the body, as a tokenizer reads it: a
// lazy match that must find its close would scan the rest of the body again from every `/*` in a
// pull request's string of them.
function withoutComments(body: string, python: boolean): string {
  return python
    ? body.replace(/("""|''')[\s\S]*?(?:\1|$)/g, "").replace(/#.*$/gm, "")
    : body.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, "").replace(/\/\/.*$/gm, "");
}

/** Lines that hold code: lone brackets left out. */
function statements(code: string): number {
  return code.split("\n").filter((line) => !/^[\s{}()[\];,]*$/.test(line)).length;
}

// What a body can get wrong besides which function it calls: a literal, an operator, a comparison.
const COMPUTES = /["'`]|\b\d|\b(?:true|false|null|None|True|False|not|and|or|is|in)\b|[-+*/%<>!?&|^~]/;

/**
 * The body passes values on and computes nothing: no literal, no operator, and no call with two or
 * more arguments, whose order could be wrong (`new Encoder(options)`, `encoder.encode(value)`). The
 * only fault such a body can hold is calling the wrong function; a wrapper that builds an argument
 * (`splitWords(input).join("-")`) or passes several is as likely the fault as what it calls.
 */
function forwardsOnly(code: string): boolean {
  return !COMPUTES.test(code) && !hasCallOfSeveralArguments(code);
}

function hasCallOfSeveralArguments(code: string): boolean {
  // Per open bracket: whether it is a call's (after a name or a closing bracket) and its top-level commas.
  const open: { call: boolean; commas: number }[] = [];
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[" || c === "{")
      open.push({ call: c === "(" && /[\w)\]]\s*$/.test(code.slice(Math.max(0, i - 40), i)), commas: 0 });
    else if (c === ")" || c === "]" || c === "}") {
      const closed = open.pop();
      if (closed?.call && closed.commas > 0 && !endsInComma(code, i)) return true;
      if (closed?.call && closed.commas > 1) return true;
    } else if (c === "," && open.length > 0) open[open.length - 1]!.commas++;
  }
  return false;
}

/** Whether the last non-space character before `end` is a comma (`f(a,)`), read back from `end`. */
function endsInComma(code: string, end: number): boolean {
  let i = end - 1;
  while (i >= 0 && /\s/.test(code[i]!)) i--;
  return code[i] === ",";
}
