// Call sites anywhere in the project whose arguments look swapped, read from the code alone: what
// argument-fault.ts reads on a failing stack, for failures that only assert on a wrong value (no
// stack runs through the faulty call). Three kinds of evidence, each about one call:
// - two arguments named like the callee's parameters, each in the other's slot (swapped-arguments.ts);
// - disagreement with the callee's other call sites: `applyData(result, node)` where every other call
//   passes `result` second and none passes it first;
// - a literal as the receiver of `.call`/`.apply` (`own.call('key', data)`): a string or a number is
//   never the object a borrowed method is meant to run on.
// A constructor call (`new Definition(...)`, a Python class called, a JS `super(...)`) is compared with
// the constructor that runs and with the other calls of it (constructor-call.ts).
// localize.ts credits the function holding the call, where the failing tests give it a reason to.
import type { CallEdge, CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { constructorCalls, type ConstructorCalls } from "./constructor-call.ts";
import { resolveCallee } from "./test-target-signal.ts";
import {
  bareName,
  callArguments,
  misplacedArgument,
  MIN_NAME,
  NAMED_VALUE,
  positionalParameters,
  splitArguments,
} from "./swapped-arguments.ts";

export interface SwappedCallSite {
  /** The function whose call passes the arguments. */
  callerId: string;
  where: string;
  detail: string;
}

// Other calls that agree on a name's slot before one call's other slot counts as a disagreement:
// one other call is one author's choice, two are the callee's convention.
const MIN_AGREEING = 2;
// `...rest`, `*args`: positions past it carry no meaning of their own.
const VARIADIC = /\*{1,2}\s*[A-Za-z_]|\.\.\./;
// A string, template or number literal: never a receiver.
const LITERAL = /^(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`|-?\d[\d_.]*)$/s;

// Keywords that fill a slot with nothing: a slot other calls leave empty is optional.
const EMPTY = new Set(["null", "undefined", "None"]);
// Keywords that are values: a literal's kind (kindOf), as a string or a number is.
const VALUES = new Set([...EMPTY, "true", "false", "True", "False", "NaN"]);
// Keywords a name pattern reads as names: values, or the receiver, not names of what a caller holds.
const CONSTANTS = new Set([...VALUES, "this", "self"]);

interface Site {
  call: CallEdge;
  callerId: string;
  /** Each positional argument as written when it is a named value (`node`, `pair.value`), else null. */
  names: (string | null)[];
  arguments: string[];
}

export function swappedCallSites(
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
): SwappedCallSite[] {
  const out: SwappedCallSite[] = [];
  const byCallee = new Map<string, { callee: CodeSymbol | null; sites: Site[] }>();
  const seen = new Set<string>();
  const built = constructorCalls(lookup);
  for (const call of index.calls) {
    // A function handed on as a value has no arguments of its own at that site.
    if (!call.from || call.value) continue;
    const name = call.calleeName.split(".").pop() ?? "";
    const key = `${call.file}:${call.line}:${call.calleeName}`;
    if (name === "" || seen.has(key)) continue;
    seen.add(key);
    const inside = callArguments(readLines(call.file) ?? [], call.line, name);
    if (inside === null) continue;
    const args = splitArguments(inside);
    const site: Site = { call, callerId: call.from, names: positionalNames(args), arguments: args };
    const literal = literalReceiver(call, args);
    if (literal !== null && !lookup.isTest(call.file))
      out.push({
        callerId: call.from,
        where: `${call.file}:${call.line}`,
        detail: `passes the literal ${literal} as the receiver of ${call.calleeName}`,
      });
    const target = calleeOf(call, lookup, built);
    if (target === null) continue;
    const { callee, group } = target;
    const entry = byCallee.get(group) ?? { callee, sites: [] };
    entry.sites.push(site);
    byCallee.set(group, entry);
  }
  for (const { callee, sites } of byCallee.values()) {
    if (callee && VARIADIC.test(callee.signature)) continue;
    // `.call`/`.apply` take any receiver: which object a borrowed method runs on is no convention.
    const borrowed = /\.(?:call|apply)$/.test(sites[0]?.call.calleeName ?? "");
    const forms = slotTallies(sites);
    for (const site of sites) {
      if (lookup.isTest(site.call.file)) continue;
      const where = `${site.call.file}:${site.call.line}`;
      const named = callee
        ? misplacedArgument(site.call.file, site.call.line, callee, readLines, calledAs(site.call))
        : null;
      if (named) {
        out.push({
          callerId: site.callerId,
          where,
          detail: `passes ${named.argument} as ${callee?.name}'s ${named.slot}`,
        });
        continue;
      }
      const odd = borrowed
        ? null
        : disagreement(site, forms, callee ? positionalParameters(callee).map(bareName) : []);
      if (odd) out.push({ callerId: site.callerId, where, detail: `${odd} (${site.call.calleeName})` });
    }
  }
  return out;
}

/**
 * What a call runs and the key its calls are compared under; null when its name binds several
 * functions, which says nothing of which one's convention the call follows.
 */
function calleeOf(
  call: CallEdge,
  lookup: SymbolLookup,
  constructors: ConstructorCalls,
): { callee: CodeSymbol | null; group: string } | null {
  const built = constructors(call);
  if (built) return { callee: built.runs, group: built.group };
  const resolved = resolveCallee(call, lookup);
  if (resolved.length > 1) return null;
  const callee = resolved[0] ?? null;
  if (callee) return { callee, group: callee.id };
  // Unbound, a bare name (`fn`, `cb`) is a parameter or a local: the same text means another
  // function in each file. A dotted one (`Buffer.from`, `hasOwn.call`) names one function.
  const dotted = call.calleeName.includes(".");
  return { callee, group: dotted ? `name:${call.calleeName}` : `name:${call.file}:${call.calleeName}` };
}

function calledAs(call: CallEdge): string {
  return call.calleeName.split(".").pop() ?? call.calleeName;
}

/** Positional arguments' bare names up to the first spread or keyword argument. */
function positionalNames(args: readonly string[]): (string | null)[] {
  const names: (string | null)[] = [];
  for (const written of args) {
    if (/^(?:\*|\.\.\.)/.test(written) || /^[A-Za-z_]\w*\s*=(?!=)/.test(written)) break;
    // As written: `MAP` is not `map`, `pair.value` not `value`; a literal is no name.
    const text = written.trim();
    names.push(NAMED_VALUE.test(text) && !CONSTANTS.has(text) ? text : null);
  }
  return names;
}

function bareOf(written: string): string {
  return bareName(NAMED_VALUE.exec(written)?.[1] ?? written);
}

/** `f.call('key', obj)`, `f.apply(0, args)`: the receiver slot holds a literal. */
function literalReceiver(call: CallEdge, args: readonly string[]): string | null {
  if (!/\.(?:call|apply)$/.test(call.calleeName) || args.length < 2) return null;
  const receiver = (args[0] ?? "").trim();
  return LITERAL.test(receiver) ? receiver : null;
}

// What the calls of one callee with one number of arguments pass where: tallies, so that judging a
// call against all the others costs its own arguments, not the number of calls (a PR can hold
// thousands of calls of one function).
interface SlotTally {
  sites: number;
  /** name -> slot -> calls passing that name in that slot. */
  nameAt: Map<string, Map<number, number>>;
  /** A name's last part, bare (`referencer.options` and `options` alike) -> slot -> calls. */
  bareAt: Map<string, Map<number, number>>;
  /** A value's kind (kindOf) -> slot -> calls passing a value of that kind there. */
  kindAt: Map<string, Map<number, number>>;
  /** `file:line` -> the calls on that line: a call is not judged against its own line. */
  byLine: Map<string, Site[]>;
}

function slotTallies(sites: readonly Site[]): Map<number, SlotTally> {
  const forms = new Map<number, SlotTally>();
  for (const site of sites) {
    const form = forms.get(site.arguments.length) ?? {
      sites: 0,
      nameAt: new Map(),
      bareAt: new Map(),
      kindAt: new Map(),
      byLine: new Map(),
    };
    forms.set(site.arguments.length, form);
    addTo(form, site, 1);
    const line = `${site.call.file}:${site.call.line}`;
    const onLine = form.byLine.get(line);
    if (onLine) onLine.push(site);
    else form.byLine.set(line, [site]);
  }
  return forms;
}

function addTo(form: SlotTally, site: Site, sign: 1 | -1): void {
  form.sites += sign;
  site.names.forEach((name, slot) => {
    if (name === null) return;
    count(form.nameAt, name, slot, sign);
    count(form.bareAt, bareOf(name), slot, sign);
  });
  site.arguments.forEach((written, slot) => {
    const kind = kindOf(written);
    if (kind !== null) count(form.kindAt, kind, slot, sign);
  });
}

function count(tally: Map<string, Map<number, number>>, key: string, slot: number, sign: 1 | -1): void {
  const at = tally.get(key) ?? new Map<number, number>();
  at.set(slot, (at.get(slot) ?? 0) + sign);
  tally.set(key, at);
}

function countOf(tally: ReadonlyMap<string, ReadonlyMap<number, number>>, key: string, slot: number): number {
  return tally.get(key)?.get(slot) ?? 0;
}

/**
 * A name this call passes in a slot no other call of the callee passes it in, while at least
 * MIN_AGREEING others pass it in one other slot, which this call fills with something else.
 */
function disagreement(
  site: Site,
  forms: ReadonlyMap<number, SlotTally>,
  parameters: readonly string[],
): string | null {
  // Calls with another number of arguments follow another form of the callee (`fn(err, req, res,
  // next)` for an error handler, `fn(req, res, next)` for the others): their slots are not this one's.
  const form = forms.get(site.arguments.length);
  if (!form) return null;
  // The others: the form's calls but those on this call's line, taken out for the judgement.
  const own = form.byLine.get(`${site.call.file}:${site.call.line}`) ?? [site];
  for (const s of own) addTo(form, s, -1);
  try {
    return judge(site, form, parameters) ?? kindTrade(site, form, parameters);
  } finally {
    for (const s of own) addTo(form, s, 1);
  }
}

function judge(site: Site, others: SlotTally, parameters: readonly string[]): string | null {
  if (others.sites < MIN_AGREEING) return null;
  const passes = (name: string, slot: number) => (others.nameAt.get(name)?.get(slot) ?? 0) > 0;
  for (const [slot, name] of site.names.entries()) {
    // A value in its namesake's slot is where it belongs (`handleNode(node, parent)` for
    // `handleNode(node, parent)`), however often a tree walk hands `node` on as the parent.
    if (name === null || name.length < MIN_NAME || parameters[slot] === bareOf(name)) continue;
    if (passes(name, slot)) continue;
    // A value the call passes twice fills two roles at once (`updateCursors(item, item.prev, item,
    // item.next)` beside `updateCursors(prev, item, next, item)`): a call of another shape, not a trade.
    if (site.names.indexOf(name) !== slot || site.names.lastIndexOf(name) !== slot) continue;
    for (const [j, count] of others.nameAt.get(name) ?? []) {
      // The slot it belongs in holds another named value, itself out of its usual place: two values
      // traded places. A literal there (`createPair(value, null, ctx)`) is another use of the callee.
      const partner = site.names[j];
      if (j === slot || count < MIN_AGREEING || partner === undefined || partner === name) continue;
      // A literal traded places too when literals are what the other calls pass where the name is
      // now (`_parse_comparator('gte', left)` beside `_parse_comparator(left, 'eq')`).
      if (partner === null && !(isLiteral(site.arguments[j]) && literalSlot(others, slot, j))) continue;
      // `cmp(a, op, b)`: parameters named by one letter take operands alike, either one either side.
      if ((parameters[slot] ?? "x").length < MIN_NAME && (parameters[j] ?? "x").length < MIN_NAME) continue;
      if (partner !== null && passes(partner, j)) continue;
      // A slot other calls leave empty (`null`) is optional: a name filling it is another use of the
      // callee (`new Definition(type, pattern, decl, node, ...)` gives the parent most calls omit).
      // Not one they fill with strings or numbers (`joinPath(root, 'a')`): that slot takes a value.
      if (partner !== null && countOf(others.kindAt, EMPTY_KIND, slot) >= MIN_AGREEING) continue;
      return `passes ${site.arguments[slot]} as argument ${slot + 1}; ${count} other calls pass it as argument ${j + 1}`;
    }
  }
  return null;
}

function isLiteral(written: string | undefined): boolean {
  const kind = kindOf(written ?? "");
  return kind === LITERAL_KIND || kind === EMPTY_KIND;
}

/** At least MIN_AGREEING other calls pass a literal (empty or not) in `slot`, and none in `other`. */
function literalSlot(others: SlotTally, slot: number, other: number): boolean {
  const at = (k: number) => countOf(others.kindAt, LITERAL_KIND, k) + countOf(others.kindAt, EMPTY_KIND, k);
  return at(slot) >= MIN_AGREEING && at(other) === 0;
}

// A value's kind when it names no value of its own: empty (`null`), another literal, or a member of a
// capitalised namespace (`Variable.Parameter`, `Syntax.Identifier`): an enum's member, which other
// calls pass in one slot.
const EMPTY_KIND = "an empty value";
const LITERAL_KIND = "a literal";
const NAMESPACE_MEMBER = /^([A-Z][\w$]*)\.[A-Za-z_$][\w$]*$/;

function kindOf(written: string): string | null {
  const text = written.trim();
  if (EMPTY.has(text)) return EMPTY_KIND;
  if (LITERAL.test(text) || VALUES.has(text)) return LITERAL_KIND;
  const namespace = NAMESPACE_MEMBER.exec(text)?.[1];
  return namespace === undefined ? null : `${namespace}.*`;
}

/**
 * A named value and a value of some kind traded places: `super(name, Variable.Parameter, ...)` where
 * the callee's second parameter is `name` and its other calls pass a `Variable.*` first, never second;
 * `super(options, null)` where the others pass `options` second and `null` first. The name's slot is
 * its namesake parameter's, or where at least MIN_AGREEING others pass a name ending like it (their
 * `referencer.options` and `options`); the kind's slot is where at least MIN_AGREEING others pass
 * that kind, and none pass it where this call put it.
 */
function kindTrade(site: Site, others: SlotTally, parameters: readonly string[]): string | null {
  if (others.sites < MIN_AGREEING) return null;
  for (const [slot, name] of site.names.entries()) {
    const bare = name === null ? "" : bareOf(name);
    if (bare.length < MIN_NAME || parameters[slot] === bare || countOf(others.bareAt, bare, slot) > 0)
      continue;
    for (const [j, written] of site.arguments.entries()) {
      const kind = j === slot ? null : kindOf(written);
      if (kind === null) continue;
      const belongs = parameters[j] === bare || countOf(others.bareAt, bare, j) >= MIN_AGREEING;
      if (
        !belongs ||
        countOf(others.kindAt, kind, slot) < MIN_AGREEING ||
        countOf(others.kindAt, kind, j) > 0
      )
        continue;
      return `passes ${site.arguments[slot]} as argument ${slot + 1} and ${written} as argument ${j + 1}; other calls pass ${kind} as argument ${slot + 1}`;
    }
  }
  return null;
}
