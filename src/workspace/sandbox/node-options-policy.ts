// NODE_OPTIONS reaches every Node process of a sandboxed command, npm's and the test runner's
// workers included, so a flag there that loads code (`--require`, `--import`, `--loader`), reads a
// file into the process (`--env-file`, `--openssl-config`, `--icu-data-dir`), writes files
// (`--redirect-warnings`, `--report-*`, `--cpu-prof`, `--diagnostic-dir`) or opens a port
// (`--inspect*`) would let a project's config run or reach things the sandbox's env allow-list is
// there to keep out (A29). Yet a test command often needs NODE_OPTIONS for switches of another kind:
// `--experimental-vm-modules` is jest's documented way to run ES modules, `--max-old-space-size`
// raises the heap limit (the sandbox's memory cgroup still applies), `--no-deprecation` silences
// warnings. The value is accepted only when every word is one of the flags below: each changes how
// code already being loaded runs or what is printed to stderr. None loads code of the project's
// choosing, writes a file or opens a port, and no value names a file, a module, a host or a port;
// what they read (`--enable-source-maps` the source maps of loaded modules,
// `--openssl-legacy-provider` OpenSSL's own legacy provider) is what node reads anyway.

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

/**
 * Flags with a value, the forms node 24 takes them in within NODE_OPTIONS, and what the value must be.
 * V8's own flags take only `--flag=value` (`--max-old-space-size 4096` makes node exit 9); node
 * refuses `-C=NAME` there but takes `-C NAME`. A value never starts with `-`, so it is never a flag.
 */
type Form = "=" | " " | "both";
const number = /^[0-9]{1,7}$/;
const name = /^[A-Za-z0-9_.][A-Za-z0-9_.-]{0,63}$/;
const valued = new Map<string, { form: Form; pattern: RegExp }>([
  ["--max-old-space-size", { form: "=", pattern: number }],
  ["--max-semi-space-size", { form: "=", pattern: number }],
  ["--stack-trace-limit", { form: "=", pattern: number }],
  ["--unhandled-rejections", { form: "both", pattern: /^(?:strict|warn|none|throw|warn-with-error-code)$/ }],
  ["--experimental-specifier-resolution", { form: "both", pattern: /^(?:node|explicit)$/ }],
  ["--dns-result-order", { form: "both", pattern: /^(?:ipv4first|ipv6first|verbatim)$/ }],
  // package.json "exports" conditions: which of a package's own files resolve, no new path
  ["--conditions", { form: "both", pattern: name }],
  ["-C", { form: " ", pattern: name }],
  ["--disable-warning", { form: "both", pattern: name }],
]);

const allowedNodeOptions: readonly string[] = [
  ...switches,
  ...[...valued].map(([flag, { form }]) => (form === " " ? `${flag} VALUE` : `${flag}=VALUE`)),
];

export type NodeOptionsCheck = { ok: true } | { ok: false; reason: string };

const refused = (what: string): NodeOptionsCheck => ({
  ok: false,
  reason: `NODE_OPTIONS ${what}; NODE_OPTIONS may hold only flags that load no code of the project's choosing and open no port: ${allowedNodeOptions.join(", ")}`,
});

/** Letters, digits, `_ . = -` and the space: no quote, escape, `$`, tab or other blank. */
const plainCharacters = /^[A-Za-z0-9_.= -]*$/;

const flagOf = (word: string): string => word.split("=", 1)[0] ?? word;
const known = (flag: string): boolean => switches.has(flag) || valued.has(flag);

export function checkNodeOptions(value: string): NodeOptionsCheck {
  // Node splits NODE_OPTIONS on the space only (a tab or newline stays inside a word) and honours
  // double quotes; a shell also splits on tabs and newlines and honours quotes, escapes and `$`.
  // With only the characters above, every reader sees the same words: those between spaces, empty
  // ones (two spaces in a row) skipped, as node skips them.
  const words = value.split(" ").filter((word) => word !== "");
  if (!plainCharacters.test(value)) {
    // A path (`--require ./x.cjs`) fails here; the error still names the flag that brought it.
    const stranger = words.map(flagOf).find((flag) => /^-[A-Za-z0-9-]+$/.test(flag) && !known(flag));
    if (stranger !== undefined) return refused(`flag \`${stranger}\` is not allowed`);
    return refused(`\`${value}\` holds a character other than letters, digits, \`_.=-\` and the space`);
  }
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    if (switches.has(word)) continue;
    const eq = word.indexOf("=");
    const flag = flagOf(word);
    const rule = valued.get(flag);
    if (!rule) return refused(`flag \`${flag}\` is not allowed`);
    if (eq === -1 ? rule.form === "=" : rule.form === " ")
      return refused(
        `flag \`${flag}\` takes its value only as \`${flag}${rule.form === "=" ? "=" : " "}VALUE\``,
      );
    const flagValue = eq === -1 ? words[++i] : word.slice(eq + 1);
    if (flagValue === undefined || !rule.pattern.test(flagValue))
      return refused(`flag \`${flag}\` has no value of the form ${rule.pattern.source}`);
  }
  return { ok: true };
}
