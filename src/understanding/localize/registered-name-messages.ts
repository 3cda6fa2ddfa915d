// Registration names that the failure messages spell (registered-name-signal.ts). A message prints
// data (an assertion diff of CSS text, a rendered document), and data spells keys: only a compound
// key counts (`'font-weight'`, `PtrDecl`; a one-word `font` or `border` is in any stylesheet), as a
// whole token, and only while few keys do: a message that spells many is printing the table's
// vocabulary (a whole stylesheet through a table of 200 properties) and names none of them.
import type { RegisteredNames } from "./registered-names.ts";

// What a message's spelling is worth beside a test name's: one message is evidence, not a name.
const MESSAGE_SHARE = 0.5;
// More compound keys than this in the messages: they print the table, they do not point into it.
const MAX_SPELLED = 3;
// `font-weight:700`, `-webkit-font-weight`, `PtrDecl(`: a run of word characters joined by hyphens.
const TOKEN = /[A-Za-z_$][\w$]*(?:-[\w$]+)*/g;
// A longer token (a base64 run, a slug) is no property name; its tails would cost its length squared.
const MAX_TAILED = 64;

export interface MessageSpelling {
  alias: string;
  strength: number;
  /** How many failure messages spell it. */
  spelled: number;
}

export function spelledInMessages(
  registered: RegisteredNames,
  messages: readonly string[],
  named: ReadonlySet<string>,
  parts: (alias: string) => string[],
): MessageSpelling[] {
  if (messages.length === 0) return [];
  const tokens = messages.map(tokensOf);
  const out: MessageSpelling[] = [];
  for (const alias of registered.keys()) {
    if (named.has(alias) || parts(alias).length < 2) continue;
    const spelled = tokens.filter((t) => t.has(alias)).length;
    if (spelled > 0) out.push({ alias, strength: (MESSAGE_SHARE * spelled) / messages.length, spelled });
    if (out.length > MAX_SPELLED) return [];
  }
  return out;
}

/** A message's tokens, and each hyphenated one's tails: `-webkit-font-weight` spells `font-weight`. */
function tokensOf(message: string): Set<string> {
  const out = new Set<string>();
  for (const [token] of message.matchAll(TOKEN)) {
    out.add(token);
    if (token.length > MAX_TAILED) continue;
    for (let at = token.indexOf("-"); at >= 0; at = token.indexOf("-", at + 1)) out.add(token.slice(at + 1));
  }
  return out;
}
