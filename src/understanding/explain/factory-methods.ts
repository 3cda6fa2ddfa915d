// Alternate constructors: a class's method that hands back an instance of the class it is called
// on (Python `@classmethod def parse(cls: Type[T], s) -> T`, `-> "Version"`, `-> Self`; TypeScript
// `static from(s): Version`). `Version.parse(s).bump()` then calls `bump` of that class, which the
// index, seeing a receiver that is a call, leaves unresolved. Only the signature decides: a factory
// with no return annotation is not guessed at.
import type { CodeSymbol } from "../index/code-index.ts";

export function returnsOwnInstance(method: CodeSymbol, owner: CodeSymbol): boolean {
  const signature = method.signature;
  const python = /^(?:async\s+)?def\s+\w+\s*\(\s*cls\b(?:\s*:\s*([^,)]+))?[^]*\)\s*->\s*(.+?)\s*:?\s*$/.exec(
    signature,
  );
  if (python) {
    const returned = unquote(python[2] ?? "");
    if (returned === owner.name || returned === "Self") return true;
    // `cls: Type[T]` / `type[T]` ... `-> T`: the class it is called on.
    const clsType = /^(?:typing\.)?[Tt]ype\[\s*([\w.]+)\s*\]$/.exec(python[1]?.trim() ?? "")?.[1];
    return clsType !== undefined && clsType === returned;
  }
  const ts = /\bstatic\s+(?:async\s+)?[\w$]+\s*(?:<[^>]*>)?\s*\([^]*\)\s*:\s*([\w$.]+)(?:<[^>]*>)?\s*$/.exec(
    signature,
  );
  return ts?.[1] === owner.name || ts?.[1] === "this";
}

function unquote(text: string): string {
  return text
    .trim()
    .replace(/^(["'])(.*)\1$/, "$2")
    .trim();
}

/** `Owner.factory(args)` as a receiver's text: the class name and the method, when the whole
 * receiver is that one call (not `Owner.factory(a).other(b)`). */
export function factoryReceiver(receiver: string): { owner: string; factory: string } | null {
  const m = /^([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*\(/.exec(receiver);
  if (!m || !receiver.endsWith(")")) return null;
  let depth = 0;
  for (let i = m[0].length - 1; i < receiver.length; i++) {
    const ch = receiver[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    if (depth === 0) return i === receiver.length - 1 ? { owner: m[1] ?? "", factory: m[2] ?? "" } : null;
  }
  return null;
}
