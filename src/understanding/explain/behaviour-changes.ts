// Changes that keep a symbol's signature but change what it does, read from its own hunk lines:
// a regular expression rewritten, a condition changed, an exception newly raised or no longer
// raised, a literal value changed. Each is said in words with the old and new text.

const maxShown = 60;
const jsRegex =
  /(?:^|[=(,:!&|?;{}]|\breturn)\s*(\/(?![*/])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+\/[dgimsuvy]*)/g;
const pyRegex =
  /\bre\.(?:compile|match|search|fullmatch|sub|subn|split|findall|finditer)\(\s*([rbu]*(["'])(?:\\.|(?!\2).)*\2)/g;
const condition = /^\s*(?:\}?\s*else\s+if|if|elif|while|unless)\b\s*(.*?)\s*(?:\{|:)?\s*$/;
const raised = /\b(?:raise|throw\s+new|throw)\s+([A-Za-z_$][\w$.]*)/g;
const literal = /(["'])(?:\\.|(?!\1).)*\1|\b\d+(?:\.\d+)?\b/g;

export function behaviourChanges(hunk: readonly string[]): string[] {
  const removed = hunk.filter((l) => l.startsWith("-")).map((l) => l.slice(1));
  const added = hunk.filter((l) => l.startsWith("+")).map((l) => l.slice(1));
  if (removed.length === 0 || added.length === 0) return raisedOnly(removed, added);
  const out: string[] = [];
  const regexA = patterns(removed);
  const regexB = patterns(added);
  const goneRegex = regexA.filter((r) => !regexB.includes(r));
  const newRegex = regexB.filter((r) => !regexA.includes(r));
  if (goneRegex.length > 0 && newRegex.length > 0)
    out.push(`regular expression changed: ${short(goneRegex[0])} → ${short(newRegex[0])}`);
  else if (newRegex.length > 0) out.push(`new regular expression ${short(newRegex[0])}`);
  const condA = conditions(removed);
  const condB = conditions(added);
  const goneCond = condA.filter((c) => !condB.includes(c));
  const newCond = condB.filter((c) => !condA.includes(c));
  if (goneCond.length > 0 && newCond.length > 0)
    out.push(`condition changed: ${short(goneCond[0])} → ${short(newCond[0])}`);
  else if (newCond.length > 0) out.push(`new condition: ${short(newCond[0])}`);
  else if (goneCond.length > 0) out.push(`condition removed: ${short(goneCond[0])}`);
  out.push(...raisedOnly(removed, added));
  const litA = literals(removed, regexA);
  const litB = literals(added, regexB);
  const goneLit = litA.filter((l) => !litB.includes(l));
  const newLit = litB.filter((l) => !litA.includes(l));
  if (goneLit.length > 0 && newLit.length > 0 && out.length === 0)
    out.push(`literal value changed: ${short(goneLit[0])} → ${short(newLit[0])}`);
  return out;
}

function raisedOnly(removed: readonly string[], added: readonly string[]): string[] {
  const a = new Set(removed.flatMap((l) => [...l.matchAll(raised)].map((m) => m[1] ?? "")));
  const b = new Set(added.flatMap((l) => [...l.matchAll(raised)].map((m) => m[1] ?? "")));
  const out: string[] = [];
  for (const x of b) if (!a.has(x)) out.push(`now raises ${x}`);
  for (const x of a) if (!b.has(x)) out.push(`no longer raises ${x}`);
  return out;
}

function patterns(lines: readonly string[]): string[] {
  const code = lines.filter((l) => !/^\s*(\/\/|#|\*)/.test(l));
  return code.flatMap((l) => [
    ...[...l.matchAll(jsRegex)].map((m) => m[1] ?? ""),
    ...[...l.matchAll(pyRegex)].map((m) => m[1] ?? ""),
  ]);
}

function conditions(lines: readonly string[]): string[] {
  return lines.map((l) => condition.exec(l)?.[1]?.replace(/\s+/g, " ").trim() ?? "").filter((c) => c !== "");
}

function literals(lines: readonly string[], regexes: readonly string[]): string[] {
  return lines
    .filter((l) => !/^\s*(\/\/|#|\*)/.test(l))
    .flatMap((l) => [...regexes.reduce((t, r) => t.replace(r, ""), l).matchAll(literal)].map((m) => m[0]));
}

function short(text: string | undefined): string {
  const t = (text ?? "").trim();
  return `\`${t.length > maxShown ? `${t.slice(0, maxShown - 1)}…` : t}\``;
}
