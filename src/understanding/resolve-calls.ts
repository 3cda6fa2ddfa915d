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

const callable = new Set(["function", "method", "class", "constant", "variable"]);
const selfNames = new Set(["this", "self", "Self", "super", "cls"]);

export function resolveCalls(
  calls: CallEdge[],
  symbols: readonly CodeSymbol[],
  bindings: BindingTable,
): void {
  const byName = new Map<string, CodeSymbol[]>();
  const byId = new Map<string, CodeSymbol>();
  for (const s of symbols) {
    byId.set(s.id, s);
    if (!callable.has(s.kind)) continue;
    const list = byName.get(s.name);
    if (list) list.push(s);
    else byName.set(s.name, [s]);
  }
  for (const call of calls) {
    const { receiver, member } = splitCallee(call.calleeName);
    const candidates = byName.get(member);
    if (!candidates) continue;
    const caller = call.from ? (byId.get(call.from) ?? null) : null;
    const found = resolveOne(call.file, receiver, candidates, caller, bindings.get(call.file));
    call.to = found?.id ?? null;
  }
}

function resolveOne(
  file: string,
  receiver: string,
  candidates: readonly CodeSymbol[],
  caller: CodeSymbol | null,
  fileBindings: Map<string, Binding> | undefined,
): CodeSymbol | null {
  const inFile = (f: string | null) => (f === null ? [] : candidates.filter((c) => c.file === f));
  const qualified = (owner: string) => candidates.filter((c) => c.qualifiedName === `${owner}.${c.name}`);
  const prefer = (list: readonly CodeSymbol[]) =>
    list.find((c) => c.file === file) ?? (list.length === 1 ? list[0] : null) ?? null;
  if (receiver === "") {
    const local = inFile(file).filter((c) => c.kind !== "method");
    if (local.length > 0) return local[0] ?? null;
    // Java and C#-style implicit `this`.
    const owner = caller ? ownerOf(caller) : "";
    const sibling = owner === "" ? null : (qualified(owner).find((c) => c.file === file) ?? null);
    if (sibling) return sibling;
    const b = fileBindings?.get(candidates[0]?.name ?? "");
    if (b?.file) {
      const target = inFile(b.file).filter((c) => c.parent === null || c.kind !== "method");
      const hit = target.find((c) => c.name === b.imported) ?? target[0];
      if (hit) return hit;
    }
    const sameDir = candidates.filter(
      (c) => c.kind !== "method" && posix.dirname(c.file) === posix.dirname(file),
    );
    if (sameDir.length === 1) return sameDir[0] ?? null;
    return candidates.length === 1 ? (candidates[0] ?? null) : null;
  }
  if (selfNames.has(receiver) && caller) {
    const hit = prefer(qualified(ownerOf(caller)));
    if (hit) return hit;
  }
  const b = fileBindings?.get(receiver);
  if (b?.file) {
    const target = inFile(b.file);
    const hit =
      b.imported === "*"
        ? (target.find((c) => c.parent === null) ?? target[0])
        : (target.find((c) => c.qualifiedName === `${b.imported}.${c.name}`) ?? null);
    if (hit) return hit;
    // A Go package spans its directory.
    const pkg = candidates.filter(
      (c) => posix.dirname(c.file) === posix.dirname(b.file ?? "") && c.parent === null,
    );
    if (b.imported === "*" && pkg.length > 0) return pkg[0] ?? null;
  }
  if (/^[A-Z]/.test(receiver)) {
    const hit = prefer(qualified(receiver.split(".").pop() ?? receiver));
    if (hit) return hit;
  }
  // An unknown receiver (a local variable): only a method name unique in the repository.
  const methods = candidates.filter((c) => c.kind === "method");
  return methods.length === 1 ? (methods[0] ?? null) : null;
}

function ownerOf(symbol: CodeSymbol): string {
  const dot = symbol.qualifiedName.lastIndexOf(".");
  return dot === -1 ? "" : symbol.qualifiedName.slice(0, dot);
}
