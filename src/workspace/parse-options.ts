// Reads an argv the way GNU getopt_long (and git's parse-options) does, so the command policy judges
// the options a tool will really see: clustered flags (`-rn`), attached values (`-fFILE`, `-eroot`),
// `--opt=value`, a value in the next word, `--` ending the options, and long options abbreviated to
// any unambiguous prefix (`--ext-dif` is `--ext-diff`). Forbidden options are refused under every
// spelling; an abbreviation that could stand for a forbidden option is refused even when ambiguous.

export interface OptionGrammar {
  /** Short option letters that take a value, attached (`-fFILE`) or as the next word. */
  shortWithValue: string;
  /** Long option names (without `--`) the tool knows: "value" ones take `=v` or the next word. */
  long: Readonly<Record<string, "flag" | "value">>;
  /** Short letters that are never allowed. */
  forbiddenShort: string;
  /** Long names (without `--`) that are never allowed; their abbreviations are refused too. */
  forbiddenLong: readonly string[];
}

export interface ParsedOption {
  /** Canonical spelling: `-e` for a short option, `--regexp` for a long one (never abbreviated). */
  name: string;
  value: string | null;
}

export type ParsedOptions =
  | { ok: true; options: ParsedOption[]; operands: string[] }
  | { ok: false; option: string; reason: "forbidden" | "ambiguous" | "missing_value"; detail: string };

export function parseOptions(args: readonly string[], grammar: OptionGrammar): ParsedOptions {
  const options: ParsedOption[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? "";
    if (arg === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      operands.push(arg);
      continue;
    }
    const next = args[i + 1];
    const read = arg.startsWith("--") ? readLong(arg, next, grammar) : readShort(arg, next, grammar);
    if (!read.ok) return read;
    options.push(...read.options);
    if (read.usedNext) i += 1;
  }
  return { ok: true, options, operands };
}

type Read = { ok: true; options: ParsedOption[]; usedNext: boolean } | Extract<ParsedOptions, { ok: false }>;

function readLong(arg: string, next: string | undefined, g: OptionGrammar): Read {
  const eq = arg.indexOf("=");
  const typed = arg.slice(2, eq === -1 ? undefined : eq);
  const attached = eq === -1 ? null : arg.slice(eq + 1);
  const name = canonicalLong(typed, g);
  if (typeof name !== "string") return { ok: false, option: `--${typed}`, ...name };
  if (g.forbiddenLong.includes(name))
    return { ok: false, option: `--${typed}`, reason: "forbidden", detail: `--${name}` };
  if (g.long[name] !== "value" || attached !== null)
    return { ok: true, options: [{ name: `--${name}`, value: attached }], usedNext: false };
  if (next === undefined) return { ok: false, option: arg, reason: "missing_value", detail: `--${name}` };
  return { ok: true, options: [{ name: `--${name}`, value: next }], usedNext: true };
}

// Exact names win (`--exclude` is not an abbreviation of `--exclude-from`); then any prefix of a
// forbidden name is refused; then a unique prefix of a known name counts as that name. Unknown
// names pass through as written: the tool itself rejects them, and they cannot be a forbidden one.
function canonicalLong(
  typed: string,
  g: OptionGrammar,
): string | { reason: "forbidden" | "ambiguous"; detail: string } {
  if (typed in g.long || g.forbiddenLong.includes(typed)) return typed;
  const forbidden = g.forbiddenLong.find((f) => typed !== "" && f.startsWith(typed));
  if (forbidden !== undefined) return { reason: "forbidden", detail: `--${forbidden}` };
  const known = Object.keys(g.long).filter((k) => typed !== "" && k.startsWith(typed));
  if (known.length === 1) return known[0] ?? typed;
  if (known.length > 1) return { reason: "ambiguous", detail: known.map((k) => `--${k}`).join(", ") };
  return typed;
}

function readShort(arg: string, next: string | undefined, g: OptionGrammar): Read {
  const options: ParsedOption[] = [];
  for (let j = 1; j < arg.length; j += 1) {
    const letter = arg[j] ?? "";
    if (g.forbiddenShort.includes(letter))
      return { ok: false, option: arg, reason: "forbidden", detail: `-${letter}` };
    if (!g.shortWithValue.includes(letter)) {
      options.push({ name: `-${letter}`, value: null });
      continue;
    }
    const attached = arg.slice(j + 1);
    if (attached !== "") {
      options.push({ name: `-${letter}`, value: attached });
      return { ok: true, options, usedNext: false };
    }
    if (next === undefined) return { ok: false, option: arg, reason: "missing_value", detail: `-${letter}` };
    options.push({ name: `-${letter}`, value: next });
    return { ok: true, options, usedNext: true };
  }
  return { ok: true, options, usedNext: false };
}
