// Where the tests-that-reach walk starts from a symbol: its references, calls that can only mean it
// (a unique member name, the class hierarchy, a module handing it out), methods dispatching to it by
// computed name, and what structurally holds it (implicit-callers.ts).
import type { CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { implicitCallers } from "./implicit-callers.ts";
import type { IncomingEdges } from "./incoming-edges.ts";
import { exportedCalls, hierarchyCalls, memberCalls, type ExportsOf } from "./indirect-edges.ts";
import { callerSite, symbolSite, type ReachSite } from "./reach-site.ts";
import type { Reference } from "./symbol-references.ts";

export interface ReachTarget {
  id?: string;
  qualifiedName: string;
  name: string;
  kind: string;
}

export interface StartOptions {
  exportsOf?: ExportsOf;
  /** The methods of the class, or of a class it inherits from, that look a member up by computed
   * name, with the literal prefix of that name ("" for none): each may call the methods of the class
   * whose names start so (`NodeVisitor.visit`'s `"visit_" + name` running `visit_ored`). */
  computedDispatchers?: (owner: CodeSymbol) => { method: CodeSymbol; prefixes: string[] }[];
}

/** The first sites of the walk, each one step up from the symbol, in the order the walk takes them. */
export function startingSites(
  lookup: SymbolLookup,
  edges: IncomingEdges,
  target: ReachTarget,
  references: readonly Reference[],
  options: StartOptions,
): ReachSite[] {
  const name = target.qualifiedName;
  const self = target.id ? lookup.byId(target.id) : undefined;
  const owner = self?.parent ? lookup.byId(self.parent) : undefined;
  const sites: ReachSite[] = [
    ...references.map((r) => ({
      id: r.callerId,
      path: r.path,
      line: r.line,
      via: [r.caller ?? r.path, name],
      // Named, not called (`module.exports = crc32`): loading that module runs nothing of it.
      ...(r.use === "call" || r.use === "constructor" ? {} : { value: true }),
    })),
    ...[...memberCalls(edges, target), ...(self ? hierarchyCalls(lookup, edges, self) : [])].map((e) =>
      callerSite(lookup, e, [name]),
    ),
  ];
  if (!self) return sites;
  // A symbol no one names (a wrapper's `__call__`) still runs when what holds it is used.
  for (const e of exportedCalls(edges, options.exportsOf, self)) sites.push(callerSite(lookup, e, [name]));
  if (self.kind === "method" && owner?.kind === "class")
    for (const { method: d, prefixes } of options.computedDispatchers?.(owner) ?? [])
      if (d.id !== self.id && prefixes.some((p) => self.name.startsWith(p)))
        sites.push(symbolSite(d, [name]));
  for (const holder of implicitCallers(lookup, edges, self)) sites.push(symbolSite(holder, [name]));
  return sites;
}
