// Call targets as written, normalised: whitespace, generic arguments and call arguments dropped
// (`cart.remove`, `S::make`, `this.items.iter().sum`). A receiver that is itself a call keeps its
// `()` so resolution knows its type is unknown. A `#` opens a private member's name (`this.#fill`):
// without it the call fell to `().fill` and resolved to nothing.
const simplePath = /^[\w$]+(?:(?:\.|::)#?[\w$]+)*$/;
const maxLength = 80;

export function calleeName(text: string): string | null {
  let compact = text
    .replace(/\s+/g, "")
    .replace(/\?\./g, ".")
    .replace(/::<[^()]*>/g, "")
    .replace(/!$/, "");
  if (simplePath.test(compact) && compact.length <= maxLength) return compact;
  compact = emptyParentheses(compact);
  const tail = /[\w$]+$/.exec(compact)?.[0];
  if (!tail) return null;
  if (compact.length > maxLength || !/^[\w$.:()]+$/.test(compact)) return `().${tail}`;
  return compact;
}

/** `a(b, c(d)).e` -> `a().e` */
function emptyParentheses(text: string): string {
  let depth = 0;
  let out = "";
  for (const ch of text) {
    if (ch === "(") {
      if (depth === 0) out += "(";
      depth++;
    } else if (ch === ")") {
      depth = Math.max(0, depth - 1);
      if (depth === 0) out += ")";
    } else if (depth === 0) {
      out += ch;
    }
  }
  return out;
}

/** `cart.remove` -> {receiver "cart", member "remove"}; `crate::a::f` -> {"crate.a", "f"}. */
export function splitCallee(name: string): { receiver: string; member: string } {
  const parts = name.split(/\.|::/);
  const member = parts.pop() ?? name;
  return { receiver: parts.join("."), member };
}

/** The name a call starts from: `assert` of `assert.equal`, `expect` of `expect().toBe`, `f` of `f`. */
export function calleeRoot(name: string): string {
  return name.split(/\.|::|\(/)[0] ?? "";
}
