// NODE_OPTIONS reaches every Node process of a sandboxed command, npm's and the test runner's
// workers included, so a flag there that loads code (`--require`, `--import`, `--loader`), reads a
// file into the process (`--env-file`, `--openssl-config`, `--icu-data-dir`), writes files
// (`--redirect-warnings`, `--report-*`, `--cpu-prof`, `--diagnostic-dir`) or opens a port
// (`--inspect*`) would let a project's config run or reach things the sandbox's env allow-list is
// there to keep out (A29). Yet a test command often needs NODE_OPTIONS for switches of another kind:
// `--experimental-vm-modules` is jest's documented way to run ES modules, `--max-old-space-size`
// raises the heap limit (the sandbox's memory cgroup still applies), `--no-deprecation` silences
// warnings. The value is accepted only when every word is one of the flags below: each changes how
// code already being loaded runs or what is printed to stderr, and none names a file, a module, a
// host or a port.
import { parse } from "shell-quote";

/** Flags taken alone. */
const switches = new Set([
  // warnings and deprecations: printed to stderr or not, or thrown
  "--no-deprecation",
  "--no-warnings",
  "--trace-warnings",
  "--trace-deprecation",
  "--throw-deprecation",
  "--pending-deprecation",
  "--trace-uncaught",
  // stack traces read the source maps of modules that are loaded anyway
  "--enable-source-maps",
  // language and module-system features of code that is loaded anyway
  "--experimental-vm-modules",
  "--experimental-modules",
  "--experimental-json-modules",
  "--experimental-import-meta-resolve",
  "--experimental-detect-module",
  "--no-experimental-detect-module",
  "--experimental-require-module",
  "--no-experimental-require-module",
  "--experimental-strip-types",
  "--no-experimental-strip-types",
  "--experimental-transform-types",
  "--experimental-wasm-modules",
  "--experimental-global-webcrypto",
  "--experimental-fetch",
  "--no-experimental-fetch",
  "--experimental-websocket",
  "--no-experimental-websocket",
  "--experimental-abortcontroller",
  "--no-experimental-global-navigator",
  "--preserve-symlinks",
  "--preserve-symlinks-main",
  "--expose-gc",
  // webpack 4 era builds: the OpenSSL algorithms built into node, no file named
  "--openssl-legacy-provider",
]);

/** Flags with a value, `--flag=value` or `--flag value`, and what the value must be. */
const number = /^[0-9]{1,7}$/;
const valued = new Map<string, RegExp>([
  ["--max-old-space-size", number],
  ["--max-semi-space-size", number],
  ["--stack-trace-limit", number],
  ["--unhandled-rejections", /^(?:strict|warn|none|throw|warn-with-error-code)$/],
  ["--experimental-specifier-resolution", /^(?:node|explicit)$/],
  ["--dns-result-order", /^(?:ipv4first|ipv6first|verbatim)$/],
  // package.json "exports" conditions: which of a package's own files resolve, no new path
  ["--conditions", /^[A-Za-z0-9_.-]{1,64}$/],
  ["-C", /^[A-Za-z0-9_.-]{1,64}$/],
  ["--disable-warning", /^[A-Za-z0-9_-]{1,64}$/],
]);

export const allowedNodeOptions: readonly string[] = [
  ...switches,
  ...[...valued.keys()].map((flag) => `${flag}=...`),
];

export type NodeOptionsCheck = { ok: true } | { ok: false; reason: string };

const refused = (what: string): NodeOptionsCheck => ({
  ok: false,
  reason: `NODE_OPTIONS ${what}; NODE_OPTIONS may hold only flags that load no code and open no file or port: ${allowedNodeOptions.join(", ")}`,
});

export function checkNodeOptions(value: string): NodeOptionsCheck {
  // Node splits NODE_OPTIONS on spaces and honours double quotes; shell-quote also honours single
  // quotes, backslashes and `$`. Only plain words are accepted, so both read the same words; a
  // word's value is then checked against its flag's pattern.
  const words = value.trim() === "" ? [] : value.trim().split(/\s+/);
  const parsed = parse(value);
  const plain = parsed.length === words.length && parsed.every((w, i) => w === words[i]);
  if (!plain) return refused(`\`${value}\` holds quotes, escapes, \`$\` or shell operators`);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    if (switches.has(word)) continue;
    const eq = word.indexOf("=");
    const flag = eq === -1 ? word : word.slice(0, eq);
    const pattern = valued.get(flag);
    if (!pattern) return refused(`flag \`${flag}\` is not allowed`);
    const flagValue = eq === -1 ? words[++i] : word.slice(eq + 1);
    if (flagValue === undefined || !pattern.test(flagValue))
      return refused(`flag \`${flag}\` has no value of the form ${pattern.source}`);
  }
  return { ok: true };
}
