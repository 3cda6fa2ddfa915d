// A signature's parts as a reader compares them: generic parameters, each parameter's name,
// optionality, type and default, and the return type. Works on the normalised one-line text the
// index stores (`export function f<T>(a: T, b = 1): R`, `def f(self, a: int = 0) -> R`).

export interface Parameter {
  name: string;
  optional: boolean;
  rest: boolean;
  type: string;
  defaultValue: string | null;
}

export interface SignatureParts {
  isAsync: boolean;
  generics: Parameter[];
  parameters: Parameter[] | null;
  returnType: string;
}

const open = "([{<";
const close = ")]}>";

export function signatureParts(signature: string): SignatureParts {
  const paren = signature.indexOf("(");
  const head = paren === -1 ? signature : signature.slice(0, paren);
  const lt = head.indexOf("<");
  const generics = lt === -1 ? [] : splitTopLevel(enclosed(signature, lt) ?? "").map(parameter);
  const inner = paren === -1 ? null : enclosed(signature, paren);
  const after = inner === null ? "" : signature.slice(paren + inner.length + 2);
  const returnType =
    /^\s*(?::|->)\s*(.+)$/
      .exec(after)?.[1]
      ?.replace(/\s*(=>.*|:)$/, "")
      .trim() ?? "";
  const parameters =
    inner === null
      ? null
      : splitTopLevel(inner)
          .map(parameter)
          .filter((p) => !["self", "cls", "/", "*", "this"].includes(p.name));
  return { isAsync: /\basync\b/.test(head), generics, parameters, returnType };
}

/** The text between the bracket at `at` and its match; null when it does not close. */
function enclosed(text: string, at: number): string | null {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (open.includes(ch)) depth++;
    else if (close.includes(ch) && !(ch === ">" && text[i - 1] === "=")) {
      depth--;
      if (depth === 0) return text.slice(at + 1, i);
    }
  }
  return null;
}

export function splitTopLevel(text: string, separator = ","): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (open.includes(ch)) depth++;
    else if (close.includes(ch) && !(ch === ">" && text[i - 1] === "=")) depth--;
    const arrowOrComparison =
      separator === "=" && (text[i + 1] === ">" || text[i + 1] === "=" || "=!<>".includes(text[i - 1] ?? ""));
    if (ch === separator && depth === 0 && !arrowOrComparison) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

function parameter(text: string): Parameter {
  const clean = text.replace(/^(readonly|public|private|protected|override)\s+/g, "");
  const [left = "", ...defaults] = splitTopLevel(clean, "=");
  const defaultValue = defaults.length > 0 ? defaults.join("=").trim() : null;
  const [rawName = "", ...typeParts] = splitTopLevel(left.replace(/\bextends\b/, ":"), ":");
  const rest = /^(\.\.\.|\*)/.test(rawName);
  const name = rawName
    .replace(/^(\.\.\.|\*\*?)/, "")
    .replace(/\?$/, "")
    .trim();
  return {
    name: name === "" ? rawName : name,
    optional: rest || defaultValue !== null || rawName.endsWith("?"),
    rest,
    type: typeParts.join(":").trim(),
    defaultValue,
  };
}
