// The blast radius of an update, from the code index: every import of the package (its own module
// path or a subpath: `lodash`, `lodash/fp`; for Python the import name, `my_pkg.sub`) and every call
// of what those imports bind, as `path:line` per imported symbol. Symbols that the changelog names
// are flagged, so a reviewer starts with the call sites most likely to break.
import type { CodeIndex } from "../../understanding/index/code-index.ts";
import { escapeRegExp } from "../../escape-regexp.ts";

export interface SymbolUse {
  /** The name in the package: `hello` for `greet.hello(…)` or `{ hello }`; "default" for the module itself. */
  symbol: string;
  /** Named in the changelog's crossed sections. */
  mentioned: boolean;
  sites: string[];
}

export interface PackageUses {
  imports: string[];
  symbols: SymbolUse[];
}

export function findPackageUses(
  index: Pick<CodeIndex, "imports" | "calls">,
  modules: readonly string[],
  changelog: string,
): PackageUses {
  const isPackage = (source: string) =>
    modules.some((m) => source === m || source.startsWith(`${m}/`) || source.startsWith(`${m}.`));
  const imports = index.imports.filter((i) => isPackage(i.source));
  const sites = new Map<string, Set<string>>();
  const add = (symbol: string, site: string) => sites.set(symbol, (sites.get(symbol) ?? new Set()).add(site));
  for (const imp of imports) {
    const bindings = imp.bindings ?? imp.names.map((n) => ({ local: n, imported: n }));
    for (const { local, imported } of bindings) {
      const calls = index.calls.filter((c) => c.file === imp.file);
      for (const call of calls) {
        if (imported === "*" || imported === "default") {
          // `greet.hello(…)` through a module binding names the package's `hello`.
          const member = call.calleeName.startsWith(`${local}.`)
            ? call.calleeName.slice(local.length + 1)
            : null;
          if (member !== null) add(member.split(".")[0]!, `${call.file}:${call.line}`);
          else if (call.calleeName === local) add("default", `${call.file}:${call.line}`);
        } else if (call.calleeName === local || call.calleeName.startsWith(`${local}.`))
          add(imported, `${call.file}:${call.line}`);
      }
    }
  }
  const symbols = [...sites]
    .map(([symbol, at]) => ({
      symbol,
      mentioned: symbol !== "default" && new RegExp(`\\b${escapeRegExp(symbol)}\\b`).test(changelog),
      sites: [...at].sort(bySite),
    }))
    .sort((a, b) => Number(b.mentioned) - Number(a.mentioned) || a.symbol.localeCompare(b.symbol));
  return { imports: imports.map((i) => `${i.file}:${i.line}`).sort(bySite), symbols };
}

function bySite(a: string, b: string): number {
  const [fa, la] = splitSite(a);
  const [fb, lb] = splitSite(b);
  return fa.localeCompare(fb) || la - lb;
}

function splitSite(site: string): [string, number] {
  const at = site.lastIndexOf(":");
  return [site.slice(0, at), Number(site.slice(at + 1))];
}
