// Whether a symbol is part of what the project offers its users, by the language's own export
// rules rather than "visible outside its file": Python's `_private` names and modules, `__all__`
// and package `__init__` re-exports; JS/TS exports reachable from the package's entry points
// (package.json main/module/exports/types); Go, Java and Rust keep the index's visibility flag.
import { posix } from "node:path";
import type { CodeIndex } from "../index/code-index.ts";
import { languageOf } from "../index/languages.ts";
import { packageDirOf, packageOfferings, type Offering } from "./package-entries.ts";
import type { ReadText } from "../index/project-overview.ts";

export interface ApiVisibility {
  public: boolean;
  reason: string;
}

export interface ApiSymbol {
  name: string;
  kind: string;
  file: string;
  exported: boolean;
  /** The enclosing class's visibility, computed first (null for a top-level symbol). */
  parent: ApiVisibility | null;
  /** Set when the symbol is declared inside a function or method: a local, never API. */
  localTo?: string | null;
  isTest: boolean;
}

export function apiVisibility(symbol: ApiSymbol, index: CodeIndex, readText: ReadText): ApiVisibility {
  if (symbol.isTest) return { public: false, reason: "test code" };
  if (symbol.localTo) return { public: false, reason: `a local function inside ${symbol.localTo}` };
  if (symbol.parent && !symbol.parent.public)
    return { public: false, reason: `its class is not public (${symbol.parent.reason})` };
  const language = languageOf(symbol.file);
  if (language === "python") return pythonVisibility(symbol, index, readText);
  if (language === "javascript" || language === "typescript" || language === "tsx")
    return symbol.parent ? memberVisibility(symbol) : jsVisibility(symbol, index, readText);
  return symbol.exported
    ? { public: true, reason: `exported by ${language ?? "the language"}'s visibility rule` }
    : { public: false, reason: "not exported" };
}

function memberVisibility(symbol: ApiSymbol): ApiVisibility {
  if (/^#/.test(symbol.name)) return { public: false, reason: "a private (#) member" };
  return { public: true, reason: "a member of a public class" };
}

function pythonVisibility(symbol: ApiSymbol, index: CodeIndex, readText: ReadText): ApiVisibility {
  const dunder = /^__\w+__$/.test(symbol.name);
  if (symbol.name.startsWith("_") && !dunder)
    return { public: false, reason: "an underscore (private) name" };
  if (symbol.parent) return { public: true, reason: "a member of a public class" };
  const all = dunderAll(readText(symbol.file));
  if (all && !all.has(symbol.name)) return { public: false, reason: `not in ${symbol.file}'s __all__` };
  const privateModule = symbol.file
    .split("/")
    .some((part) => part.startsWith("_") && !/^__(init|main)__\.py$/.test(part));
  if (!privateModule) {
    const init = curatingInit(symbol, index);
    if (!all && init)
      return {
        public: false,
        reason: `not re-exported by ${init}, which hands out the package's API from its modules`,
      };
    return {
      public: true,
      reason: all ? `listed in ${symbol.file}'s __all__` : "a public name of a public module",
    };
  }
  for (const ref of index.imports) {
    if (ref.resolved !== symbol.file || posix.basename(ref.file) !== "__init__.py") continue;
    if (!(ref.bindings ?? []).some((b) => b.imported === symbol.name)) continue;
    const initAll = dunderAll(readText(ref.file));
    if (!initAll || initAll.has(symbol.name)) return { public: true, reason: `re-exported by ${ref.file}` };
  }
  return {
    public: false,
    reason: `defined in a private module (${symbol.file}) and not re-exported by its package`,
  };
}

/**
 * The package `__init__.py` next to the symbol's module when that `__init__` gathers the package's
 * API by importing names from its own modules (`from parsimonious.grammar import Grammar`) but not
 * this one: `import pkg` then offers the names it chose, and the rest are reached only by importing
 * a module the package does not present. Null when the `__init__` passes the name on, imports a
 * whole module (`from .more import *`, `import pkg.mod`), or gathers nothing.
 */
function curatingInit(symbol: ApiSymbol, index: CodeIndex): string | null {
  const dir = posix.dirname(symbol.file);
  const init = dir === "." ? "__init__.py" : `${dir}/__init__.py`;
  if (symbol.file === init) return null;
  const inPackage = (file: string) => dir === "." || file.startsWith(`${dir}/`);
  const gathered = index.imports.filter(
    (ref) => ref.file === init && ref.resolved !== null && ref.resolved !== init && inPackage(ref.resolved),
  );
  if (!gathered.some((ref) => (ref.bindings ?? []).some((b) => b.imported !== "*"))) return null;
  const passesOn = gathered.some(
    (ref) =>
      ref.resolved === symbol.file &&
      (ref.bindings ?? []).some((b) => b.imported === symbol.name || b.imported === "*"),
  );
  return passesOn ? null : init;
}

/** The names of a literal `__all__ = [...]` / `(...)`, or null when the module has none. */
function dunderAll(text: string | null): Set<string> | null {
  const m = text ? /^__all__\s*(?::[^=]+)?=\s*[[(]([^\])]*)[\])]/m.exec(text) : null;
  if (!m) return null;
  return new Set([...(m[1] ?? "").matchAll(/["'](\w+)["']/g)].map((x) => x[1] ?? ""));
}

function jsVisibility(symbol: ApiSymbol, index: CodeIndex, readText: ReadText): ApiVisibility {
  if (!symbol.exported) return { public: false, reason: "not exported from its module" };
  const dir = packageDirOf(symbol.file, readText);
  const entries = dir === null ? new Map<string, Offering>() : packageOfferings(index, readText, dir);
  if (entries.size === 0) return { public: true, reason: "exported (the package declares no entry point)" };
  const from = entries.get(symbol.file);
  if (from && from.names && !from.names.has(symbol.name))
    return {
      public: false,
      reason: `exported from its module, but not among the names the package entry point ${from.entry} passes on`,
    };
  if (from) return { public: true, reason: `exported from the package entry point ${from.entry}` };
  return {
    public: false,
    reason: "exported from its module, but not reachable from the package's entry points",
  };
}
