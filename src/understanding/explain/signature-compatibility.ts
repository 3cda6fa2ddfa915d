// Whether a changed signature still accepts every call the old one accepted: a parameter added
// with a default, a widened type or a generic parameter with a default is compatible; a removed,
// reordered or newly required parameter, a narrowed type or a new `async` is breaking. Changed
// default values are reported apart: the calls still compile, but they now mean something else.
import { signatureParts, splitTopLevel, type Parameter } from "./signature-parameters.ts";

export interface SignatureChange {
  compatibility: "compatible" | "breaking";
  /** What changed, each saying why it is compatible or breaking. */
  reasons: string[];
  /** Default values that changed (behaviour, not compatibility). */
  defaults: string[];
}

export function compareSignatures(before: string, after: string, keywordCalls: boolean): SignatureChange {
  const a = signatureParts(before);
  const b = signatureParts(after);
  const breaking: string[] = [];
  const compatible: string[] = [];
  const defaults: string[] = [];
  if (!a.isAsync && b.isAsync) breaking.push("now async: callers get a promise");
  compareGenerics(a.generics, b.generics, breaking, compatible);
  if (a.parameters && b.parameters)
    compareParameters(a.parameters, b.parameters, keywordCalls, { breaking, compatible, defaults });
  if (a.returnType !== b.returnType && a.returnType !== "") {
    if (b.returnType === "" || isWider(b.returnType, a.returnType))
      compatible.push(
        `return type narrowed or left unstated (${a.returnType} → ${b.returnType || "unstated"})`,
      );
    else breaking.push(`return type changed from ${a.returnType} to ${b.returnType || "unstated"}`);
  }
  if (breaking.length + compatible.length + defaults.length === 0)
    compatible.push("only the written form changed");
  return {
    compatibility: breaking.length > 0 ? "breaking" : "compatible",
    reasons: [...breaking, ...compatible],
    defaults,
  };
}

function compareGenerics(a: Parameter[], b: Parameter[], breaking: string[], compatible: string[]): void {
  for (const g of b.slice(a.length))
    (g.defaultValue !== null ? compatible : breaking).push(
      g.defaultValue !== null
        ? `generic parameter ${g.name} added with a default`
        : `generic parameter ${g.name} added without a default`,
    );
  if (b.length < a.length) breaking.push(`generic parameter ${a[b.length]?.name ?? ""} removed`);
}

function compareParameters(
  a: Parameter[],
  b: Parameter[],
  keywordCalls: boolean,
  out: { breaking: string[]; compatible: string[]; defaults: string[] },
): void {
  a.forEach((old, i) => {
    const now = b[i];
    if (!now) {
      if (!old.rest) out.breaking.push(`parameter ${old.name} removed`);
      return;
    }
    if (now.name !== old.name) {
      if (b.some((p) => p.name === old.name)) out.breaking.push(`parameters reordered (${old.name} moved)`);
      else
        (keywordCalls ? out.breaking : out.compatible).push(
          `parameter ${old.name} renamed to ${now.name}${keywordCalls ? " (calls by keyword break)" : ""}`,
        );
    }
    if (old.optional && !now.optional) out.breaking.push(`parameter ${now.name} is now required`);
    if (old.type !== now.type) {
      if (old.type === "" || now.type === "" || isWider(now.type, old.type))
        out.compatible.push(
          `type of ${now.name} widened or unstated (${old.type || "untyped"} → ${now.type || "untyped"})`,
        );
      else out.breaking.push(`type of ${now.name} changed from ${old.type} to ${now.type}`);
    }
    if (old.defaultValue !== null && now.defaultValue !== null && old.defaultValue !== now.defaultValue)
      out.defaults.push(`default of ${now.name} changed from ${old.defaultValue} to ${now.defaultValue}`);
  });
  for (const added of b.slice(a.length))
    if (added.optional)
      out.compatible.push(
        `parameter ${added.name} added${added.defaultValue !== null ? " with a default" : " as optional"}`,
      );
    else out.breaking.push(`new required parameter ${added.name}`);
}

/** Every member of the old union type is in the new one, or the new one accepts anything. */
function isWider(now: string, old: string): boolean {
  if (/^(any|unknown|object|Any)$/.test(now)) return true;
  const members = (t: string) =>
    new Set(
      splitTopLevel(
        t.replace(/^Union\[(.*)\]$/, "$1").replace(/^Optional\[(.*)\]$/, "$1 | None"),
        "|",
      ).flatMap((m) => splitTopLevel(m, ",")),
    );
  const n = members(now);
  return [...members(old)].every((m) => n.has(m));
}
