// A call that hands a parameter's namesake to another slot: `make_backend(patterns, name)` for
// `def make_backend(name, patterns)`, `check(file, self._patterns)` for `def check(patterns, file)`.
// Names are how a caller says what it passes; an argument named like one of the callee's parameters
// but given in another's place is the swapped-arguments fault, read from the call site alone. Only
// calls on a failing stack are read (argument-fault.ts), so the callee did crash on what it got.
import type { CodeSymbol } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { parameterNames } from "./parameter-names.ts";
import { escapeRegExp } from "../../escape-regexp.ts";

export interface MisplacedArgument {
  /** The argument as written at the call (`self._patterns`). */
  argument: string;
  /** The callee's parameter that argument is named for. */
  namesake: string;
  /** The parameter it was given to. */
  slot: string;
}

// A call spread over lines is read this far from the frame's line.
const CALL_REACH = 12;
// `a`, `x`: one-letter names say nothing of what they hold (`cmp(b, a)` is often meant).
export const MIN_NAME = 2;

/** Lower-case, leading underscores and `$` dropped: `self._patterns` and `patterns` are one name. */
export function bareName(name: string): string {
  return name.replace(/^[_$]+/, "").toLowerCase();
}

// `*args`, `**kwargs`, `...rest`: the parameter that takes every positional argument from there on.
const VARIADIC = /(?:\*{1,2}|\.\.\.)\s*([A-Za-z_$][\w$]*)/;

/** The parameters a positional argument can fill: no `self`/`this`, none after `*args`/`...rest`. */
export function positionalParameters(callee: CodeSymbol): string[] {
  const names = parameterNames(callee);
  const variadic = VARIADIC.exec(callee.signature)?.[1];
  const cut = variadic === undefined ? names.length : names.indexOf(variadic);
  const own = names.slice(0, cut < 0 ? names.length : cut);
  return RECEIVERS.has(own[0] ?? "") ? own.slice(1) : own;
}

// The receiver a method is bound to: never passed in the argument list.
const RECEIVERS = new Set(["self", "cls", "this"]);

/**
 * A call of `name`: not the end of a longer name, then `(`. The name is escaped whole: JS names a
 * method by any string (`"x(y"(a) {}`), and the pull request chooses it.
 */
export function callOf(name: string): RegExp {
  return new RegExp(String.raw`(?<![\w$])${escapeRegExp(name)}\s*\(`);
}

/** The text between the parentheses of the first call of `name` from `line` on, or null. */
export function callArguments(lines: readonly string[], line: number, name: string): string | null {
  const text = lines.slice(line - 1, line - 1 + CALL_REACH).join("\n");
  const open = callOf(name).exec(text);
  // The call must start on the frame's own line.
  if (!open || text.slice(0, open.index).includes("\n")) return null;
  let depth = 0;
  let quote: string | null = null;
  const start = open.index + open[0].length;
  for (let i = start; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote !== null) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) {
      if (depth === 0) return text.slice(start, i);
      depth--;
    }
  }
  return null;
}

/**
 * Top-level comma-separated parts of an argument list. Commas and brackets inside a string
 * (`make_backend("a, b", patterns, name)`) are its text: counted, they would move every later argument
 * to another parameter's slot.
 */
export function splitArguments(inside: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = "";
  for (let i = 0; i < inside.length; i++) {
    const ch = inside[i] as string;
    if (quote !== null) {
      current += ch;
      if (ch === "\\" && i + 1 < inside.length) current += inside[++i];
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth--;
    if (ch === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
}

// `name`, `self._patterns`, `this.opts.file`: a value known by its name (its last part).
export const NAMED_VALUE = /^(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)$/;
// `key=value` (Python keyword argument), not `==`.
const KEYWORD = /^([A-Za-z_]\w*)\s*=(?!=)\s*(.+)$/s;

/**
 * An argument of the call of `callee` at `file:line` named like another of its parameters, whose
 * own slot holds an argument named like this one's: two arguments in each other's place. Null when
 * the names show no such swap.
 */
export function misplacedArgument(
  file: string,
  line: number,
  callee: CodeSymbol,
  readLines: ReadLines,
  /** How the call names the callee when not by its own name (a class for its `__init__`). */
  calledAs = callee.name,
): MisplacedArgument | null {
  const inside = callArguments(readLines(file) ?? [], line, calledAs);
  if (inside === null) return null;
  const parameters = positionalParameters(callee);
  const bare = parameters.map(bareName);
  const all = new Set(
    parameterNames(callee)
      .filter((p) => !RECEIVERS.has(p))
      .map(bareName),
  );
  // Each argument's slot and the name it is known by.
  const given: { written: string; slot: string; name: string }[] = [];
  for (const [position, written] of splitArguments(inside).entries()) {
    const keyword = KEYWORD.exec(written);
    // A spread fills slots no name tells.
    if (!keyword && /^(?:\*|\.\.\.)/.test(written)) break;
    const slot = keyword ? bareName(keyword[1] as string) : bare[position];
    const value = NAMED_VALUE.exec((keyword ? (keyword[2] as string) : written).trim())?.[1];
    if (slot !== undefined && value !== undefined && all.has(slot))
      given.push({ written, slot, name: bareName(value) });
  }
  // Both ways: `a` in b's slot and `b` (or `orig_b`) in a's. One way alone is often meant: a tree
  // walk's `visit(child, node)` for `def visit(node, parent)` hands the node on as the parent.
  for (const one of given) {
    if (one.name.length < MIN_NAME || one.name === one.slot || !all.has(one.name)) continue;
    const other = given.find((g) => g.slot === one.name);
    if (other && (other.name === one.slot || other.name.endsWith(`_${one.slot}`)))
      return { argument: one.written, namesake: one.name, slot: one.slot };
  }
  return null;
}
