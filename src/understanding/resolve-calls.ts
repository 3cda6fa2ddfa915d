// Resolves call edges to symbols, most specific evidence first: the receiver (`this`/`self`, an
// imported module or class, a class name), an imported name, the same file, the same directory
// (Go packages), then a name that is unique in the repository. Anything else stays a name edge.
import { posix } from "node:path";
import type { CallEdge, CodeSymbol } from "./code-index.ts";
import { splitCallee } from "./callee-name.ts";

export interface Binding {
  /** Name in the target ("*" when the binding is the module itself). */
  imported: string;
  /** Repository file the binding points at, when known. */
  file: string | null;
}

/** file -> local name -> binding */
export type BindingTable = Map<string, Map<string, Binding>>;

interface Lookup {
  byName: Map<string, CodeSymbol[]>;
  byId: Map<string, CodeSymbol>;
  interfaceIds: Set<string>;
}

interface Site {
  file: string;
  receiver: string;
  member: string;
  caller: CodeSymbol | null;
  bindings: Map<string, Binding> | undefined;
}

const callable = new Set(["function", "method", "class", "constant", "variable"]);
const selfNames = new Set(["this", "self", "Self", "super", "cls"]);

export function resolveCalls(
  calls: CallEdge[],
  symbols: readonly CodeSymbol[],
  bindings: BindingTable,
): void {
  const lookup: Lookup = { byName: new Map(), byId: new Map(), interfaceIds: new Set() };
  for (const s of symbols) {
    lookup.byId.set(s.id, s);
    if (s.kind === "interface") lookup.interfaceIds.add(s.id);
    if (!callable.has(s.kind)) continue;
    const list = lookup.byName.get(s.name);
    if (list) list.push(s);
    else lookup.byName.set(s.name, [s]);
  }
  for (const call of calls) {
    const { receiver, member } = splitCallee(call.calleeName);
    const caller = call.from ? (lookup.byId.get(call.from) ?? null) : null;
    const site: Site = { file: call.file, receiver, member, caller, bindings: bindings.get(call.file) };
    call.to = (receiver === "" ? resolvePlain(site, lookup) : resolveMember(site, lookup))?.id ?? null;
  }
}

/** `f()`: same file, renamed or plain import, implicit `this`, same directory, unique name. */
function resolvePlain(site: Site, lookup: Lookup): CodeSymbol | null {
  const binding = site.bindings?.get(site.member);
  const importedName =
    binding && binding.imported !== "*" && binding.imported !== "default" ? binding.imported : site.member;
  const candidates = lookup.byName.get(importedName) ?? [];
  const inFile = (f: string | null) => candidates.filter((c) => c.file === f);
  if (importedName !== site.member) return inFile(binding?.file ?? null)[0] ?? null;
  const local = inFile(site.file).filter((c) => c.kind !== "method");
  if (local[0]) return local[0];
  // Java-style implicit `this`.
  const owner = site.caller ? ownerOf(site.caller) : "";
  const sibling =
    owner === ""
      ? undefined
      : candidates.find((c) => c.file === site.file && c.qualifiedName === `${owner}.${c.name}`);
  if (sibling) return sibling;
  if (binding?.file) {
    const target = inFile(binding.file);
    const hit =
      binding.imported === "default"
        ? target.find((c) => c.exported && c.parent === null)
        : target.find((c) => c.kind !== "method");
    if (hit) return hit;
  }
  const plain = candidates.filter((c) => c.kind !== "method");
  const sameDir = plain.filter((c) => posix.dirname(c.file) === posix.dirname(site.file));
  if (sameDir.length === 1) return sameDir[0] ?? null;
  if (plain.length === 1) return plain[0] ?? null;
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

/** `x.f()`: self, imported module or class, class name, then a unique method for a plain variable. */
function resolveMember(site: Site, lookup: Lookup): CodeSymbol | null {
  const candidates = lookup.byName.get(site.member) ?? [];
  const qualified = (owner: string) => candidates.filter((c) => c.qualifiedName === `${owner}.${c.name}`);
  const prefer = (list: readonly CodeSymbol[]) =>
    list.find((c) => c.file === site.file) ?? (list.length === 1 ? list[0] : undefined);
  if (selfNames.has(site.receiver) && site.caller) {
    const hit = prefer(qualified(ownerOf(site.caller)));
    if (hit) return hit;
  }
  const binding = site.bindings?.get(site.receiver);
  if (binding?.file) {
    const bound = binding.file;
    const hit =
      binding.imported === "*"
        ? // A module, or a Go package, which spans its directory.
          (candidates.find((c) => c.file === bound && c.parent === null) ??
          candidates.find((c) => posix.dirname(c.file) === posix.dirname(bound) && c.parent === null))
        : candidates.find((c) => c.file === bound && c.qualifiedName === `${binding.imported}.${c.name}`);
    if (hit) return hit;
  }
  if (/^[A-Z]/.test(site.receiver)) {
    const hit = prefer(qualified(site.receiver.split(".").pop() ?? site.receiver));
    if (hit) return hit;
  }
  // A receiver of unknown type: only a plain variable (not a call result or a field) may be
  // matched to a method name that is unique in the repository.
  if (!/^[\w$]+$/.test(site.receiver)) return null;
  const methods = candidates.filter((c) => c.kind === "method");
  if (methods.length === 1) return methods[0] ?? null;
  // An interface's method has no body: the one concrete method is the likely target.
  const concrete = methods.filter((c) => !lookup.interfaceIds.has(c.parent ?? ""));
  return concrete.length === 1 ? (concrete[0] ?? null) : null;
}

function ownerOf(symbol: CodeSymbol): string {
  const dot = symbol.qualifiedName.lastIndexOf(".");
  return dot === -1 ? "" : symbol.qualifiedName.slice(0, dot);
}
