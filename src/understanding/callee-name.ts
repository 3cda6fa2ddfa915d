// Call targets as written, normalised to a dotted path (`cart.remove`, `S::make`, `this.total`).
// Receivers that are themselves expressions (`a().b`, `x[i].c`) keep only the final name.
const simplePath = /^[\w$]+(?:(?:\.|::)[\w$]+)*$/;

export function calleeName(text: string): string | null {
  const compact = text
    .replace(/\s+/g, "")
    .replace(/\?\./g, ".")
    .replace(/::<[^()]*>/g, "")
    .replace(/!$/, "");
  if (compact.length <= 80 && simplePath.test(compact)) return compact;
  const tail = /[\w$]+$/.exec(compact);
  return tail ? tail[0] : null;
}

/** `cart.remove` -> ["cart", "remove"]; `crate::a::f` -> ["crate::a", "f"] (receiver joined by "."). */
export function splitCallee(name: string): { receiver: string; member: string } {
  const parts = name.split(/\.|::/);
  const member = parts.pop() ?? name;
  return { receiver: parts.join("."), member };
}
