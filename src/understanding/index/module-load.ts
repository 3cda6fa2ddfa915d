// Code a module runs when it is loaded: its top-level calls and the initializers of its top-level
// constants and variables (`const crcTable = new Uint32Array(makeTable())`, `_CACHE =
// compile_all()`). Nothing calls that code by name: loading the module runs it, so whatever imports
// the module reaches its callees. Test files are left out: their top-level code is the tests' own.
import type { CallEdge, CodeIndex, CodeSymbol } from "./code-index.ts";
import { filesImportLoads } from "./import-loads.ts";
import { isCallable, type SymbolLookup } from "./symbol-lookup.ts";

/** Code whose caller is `from` runs when its module loads: the module's top level (no caller) or the
 * initializer of a top-level constant or variable. Script-guarded calls are the caller's to leave out. */
export function runsAtLoadIn(from: string | null, lookup: SymbolLookup): boolean {
  if (from === null) return true;
  const symbol = lookup.byId(from);
  return symbol?.parent === null && (symbol.kind === "constant" || symbol.kind === "variable");
}

/** The call runs when its (non-test) file is loaded, not when some function of it is called. A
 * function named as a value at the top level (`HOOKS = register(on_load)`) is handed on, not run. */
function runsAtLoad(call: CallEdge, lookup: SymbolLookup): boolean {
  return !call.scriptOnly && !call.value && !lookup.isTest(call.file) && runsAtLoadIn(call.from, lookup);
}

/** Per non-test file, the calls its loading runs. */
export function loadCallsByFile(index: CodeIndex, lookup: SymbolLookup): Map<string, CallEdge[]> {
  const out = new Map<string, CallEdge[]>();
  for (const call of index.calls) {
    if (!runsAtLoad(call, lookup)) continue;
    const calls = out.get(call.file);
    if (calls) calls.push(call);
    else out.set(call.file, [call]);
  }
  return out;
}

/**
 * The function an import sits in (`def run(): from pkg import heavy`, a `require` in a function body,
 * Python's usual way out of an import cycle): it loads the module when that function is called, not
 * when its own file loads.
 */
export function importingFunction(file: string, line: number, lookup: SymbolLookup): CodeSymbol | null {
  const around = lookup.enclosing(file, line);
  return around && isCallable(around) ? around : null;
}

/** Each repository file with the repository files its loading imports (itself left out): Python's
 * enclosing packages and named submodules too (import-loads.ts). */
export function importsByFile(index: CodeIndex, lookup: SymbolLookup): Map<string, Set<string>> {
  const files = new Set(index.files.map((f) => f.path));
  const out = new Map<string, Set<string>>();
  for (const ref of index.imports) {
    const loads = filesImportLoads(ref, files);
    if (loads.length === 0 || importingFunction(ref.file, ref.line, lookup)) continue;
    for (const loaded of loads) out.set(ref.file, (out.get(ref.file) ?? new Set()).add(loaded));
  }
  return out;
}

/** The files loading `file` loads: itself and what it imports, transitively (imports are cyclic). */
export function loadedWith(file: string, importsOf: ReadonlyMap<string, ReadonlySet<string>>): Set<string> {
  const seen = new Set([file]);
  const stack = [file];
  for (let next = stack.pop(); next !== undefined; next = stack.pop())
    for (const imported of importsOf.get(next) ?? [])
      if (!seen.has(imported)) {
        seen.add(imported);
        stack.push(imported);
      }
  return seen;
}
