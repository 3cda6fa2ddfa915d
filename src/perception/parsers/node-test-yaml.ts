// The few top-level keys of a node:test TAP diagnostic block, read without a YAML library: node writes
// them in three shapes only (`key: plain`, `key: 'single-quoted'`, `key: |-` + an indented block), and a
// full YAML parse per failing test was the slowest part of diagnosing a large log.
export interface NodeTestFields {
  location?: string;
  failureType?: string;
  error?: string;
  stack?: string;
  exitCode?: number;
  /** The signal that killed a test file's process (`signal: 'SIGSEGV'`). */
  signal?: string;
}

const KEY = /^(location|failureType|error|stack|exitCode|signal): ?(.*)$/;

/** `body` is the block between `---` and `...`, already dedented to the keys' column. */
export function readNodeTestFields(body: readonly string[]): NodeTestFields {
  const fields: NodeTestFields = {};
  for (let i = 0; i < body.length; i++) {
    const line = body[i] ?? "";
    if (line.startsWith(" ")) continue;
    const m = KEY.exec(line);
    if (!m) continue;
    const key = m[1] as keyof NodeTestFields;
    let value = m[2] ?? "";
    if (value === "|-" || value === "|" || value === ">-") {
      const block: string[] = [];
      for (
        ;
        i + 1 < body.length && ((body[i + 1] ?? "").startsWith("  ") || (body[i + 1] ?? "").trim() === "");
        i++
      ) {
        block.push((body[i + 1] ?? "").slice(2));
      }
      value = block.join("\n").replace(/\s+$/, "");
    } else if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) {
      value = value.slice(1, -1).replace(/''/g, "'");
    } else if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1).replace(/\\"/g, '"').replace(/\\n/g, "\n");
    }
    if (key === "exitCode") {
      const n = Number(value);
      if (Number.isFinite(n) && value !== "" && value !== "~") fields.exitCode = n;
    } else if (value !== "~") {
      fields[key] = value;
    }
  }
  return fields;
}
