// The yaml package (72 modules), loaded at its first use: most commands read no YAML at all (no
// `.github/xihe.yml`, no TAP diagnostic block), and `xihe locate` paid for loading it on every run.
// Synchronous, so the parsers that need it stay synchronous: yaml's Node entry is CommonJS, and
// `import` and `require` share its one instance (YAMLParseError is the same class either way).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function loadYaml(): typeof import("yaml") {
  return require("yaml") as typeof import("yaml");
}
