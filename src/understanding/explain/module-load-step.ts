// The walk's step through module loading (index/module-load.ts): top-level code runs when its module
// is loaded, so every import of the module runs it, and an import is itself top-level code of the
// importer, or, inside a function, code that runs when that function does.
import { importingFunction, runsAtLoadIn } from "../index/module-load.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { IncomingEdges } from "./incoming-edges.ts";
import type { ReachSite } from "./reach-site.ts";

/** The site is code its module runs when loaded: top level, or the initializer of a top-level
 * constant or variable, outside a script guard. */
export function runsOnLoad(
  lookup: SymbolLookup,
  edges: Pick<IncomingEdges, "scriptOnly">,
  site: Pick<ReachSite, "id" | "path" | "line">,
): boolean {
  return !edges.scriptOnly.has(`${site.path}:${site.line}`) && runsAtLoadIn(site.id, lookup);
}

/** The imports of the site's module, each a site of its importer: the function around an import
 * inside a function (its callers go on), top-level code otherwise. */
export function importerSites(
  lookup: SymbolLookup,
  edges: Pick<IncomingEdges, "importers">,
  site: ReachSite,
): ReachSite[] {
  return (edges.importers.get(site.path) ?? []).map((e) => {
    const fn = importingFunction(e.file, e.line, lookup);
    return {
      id: fn?.id ?? null,
      path: e.file,
      line: e.line,
      via: [fn?.qualifiedName ?? e.file, ...site.via],
    };
  });
}
