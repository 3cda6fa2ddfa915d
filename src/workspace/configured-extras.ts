// What the agent may add after one of the repository's configured commands: a configured command
// runs exactly as configured, plus only the few extra arguments its test runner treats as a
// selection (test files, a test-name filter). Anything else (`--globalSetup=evil.js`, npm's own
// `--script-shell`, a make variable) could change what runs, so it is refused with what is allowed.
import { basename } from "node:path";

interface ExtraGrammar {
  /** Shown to the model. */
  runner: string;
  /** Flags that take a value (the next word, or `--flag=value` for long ones). */
  valueFlags: readonly string[];
  flags: readonly string[];
  /** Package-manager scripts: extras go after `--`, or the manager reads them as its own options. */
  afterDashDash: boolean;
}

const jsTest = { valueFlags: ["-t", "--testNamePattern"], flags: [] };
const grammars: Record<string, Omit<ExtraGrammar, "runner" | "afterDashDash">> = {
  script: jsTest,
  vitest: jsTest,
  jest: jsTest,
  mocha: { valueFlags: ["-g", "--grep"], flags: [] },
  pytest: { valueFlags: ["-k"], flags: ["-x", "-q", "-v"] },
  "go test": { valueFlags: ["-run"], flags: ["-v"] },
  "node --test": { valueFlags: ["--test-name-pattern"], flags: [] },
  eslint: { valueFlags: [], flags: [] },
  prettier: { valueFlags: [], flags: [] },
};

/** The runner a configured argv starts, or null when nothing may be added to it. */
export function extraGrammarOf(configured: readonly string[]): ExtraGrammar | null {
  const [first = "", second = "", third = ""] = configured;
  const program = basename(first);
  const named = (runner: string, afterDashDash = false): ExtraGrammar | null => {
    const grammar = grammars[runner];
    return grammar ? { runner, afterDashDash, ...grammar } : null;
  };
  if (["npm", "pnpm", "yarn"].includes(program)) {
    if (["exec", "dlx"].includes(second)) return named(basename(third));
    return second === "test" || second === "run" || program !== "yarn"
      ? named("script", true)
      : named(basename(second));
  }
  if (program === "npx") return named(basename(configured.slice(1).find((w) => !w.startsWith("-")) ?? ""));
  if (/^python[0-9.]*$/.test(program) && second === "-m") return named(third);
  if (program === "go" && second === "test") return named("go test");
  if (program === "node" && second === "--test") return named("node --test");
  return named(program);
}

export type ExtrasCheck = { ok: true; paths: string[] } | { ok: false; reason: string };

/** Checks the words after a configured command; `paths` are the test files to confine. */
export function checkExtras(
  grammar: ExtraGrammar,
  configured: readonly string[],
  extras: readonly string[],
): ExtrasCheck {
  let rest = [...extras];
  if (grammar.afterDashDash && !configured.includes("--")) {
    if (rest[0] !== "--") return { ok: false, reason: needsDashDash(configured) };
    rest = rest.slice(1);
  }
  const paths: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const word = rest[i] ?? "";
    if (word === "--") {
      paths.push(...rest.slice(i + 1).map((w) => w.replace(/::.*$/, "")));
      break;
    }
    if (!word.startsWith("-")) {
      paths.push(word.replace(/::.*$/, "")); // pytest node ids: tests/test_a.py::test_x
      continue;
    }
    if (grammar.flags.includes(word)) continue;
    // `--name=value` for long flags only; a short one must stand alone (`-t=x` is not `-t x`).
    const inline = word.startsWith("--") && word.includes("=");
    const flag = inline ? word.slice(0, word.indexOf("=")) : word;
    if (!grammar.valueFlags.includes(flag))
      return { ok: false, reason: notAllowed(grammar, configured, word) };
    if (inline) continue;
    const value = rest[i + 1];
    if (value === undefined || value.startsWith("-"))
      return { ok: false, reason: `\`${flag}\` needs a value after it (a test name, not an option)` };
    i += 1;
  }
  return { ok: true, paths };
}

function needsDashDash(configured: readonly string[]): string {
  const line = configured.join(" ");
  return `extra arguments to \`${line}\` go after \`--\` (e.g. \`${line} -- path/to/a.test.ts\`), so the package manager does not read them as its own options`;
}

function notAllowed(grammar: ExtraGrammar, configured: readonly string[], word: string): string {
  const allowed = [...grammar.valueFlags.map((f) => `${f} <name>`), ...grammar.flags];
  return (
    `\`${word}\` is not allowed after the configured command \`${configured.join(" ")}\`: it runs as ` +
    `configured, plus test files inside the repository${allowed.length ? ` and ${allowed.join(", ")}` : ""}`
  );
}
