import js from "@eslint/js";
import tseslint from "typescript-eslint";

// Import boundaries (docs: ARCHITECTURE "Layers and who may import whom"). Read top-down: entry points
// -> verbs -> runs -> core capabilities -> adapters, and no import points back up. Specifiers are
// relative, so a target folder is the first name after the leading ../ segments.
const up = (names) => `^(\\.\\./)+(${names.join("|")})(/|$)`;
const rootFile = (names) => `^(\\.\\./)+(${names.join("|")})\\.ts$`;
const forbid = {
  entry: {
    regex: `${up(["cli", "server"])}|${rootFile(["app", "cli", "model-from-env"])}`,
    message:
      "only entry points (app.ts, cli.ts, cli/, server/) wire; take what you need as a parameter instead",
  },
  verbs: {
    regex: up(["verbs"]),
    message: "verbs/ sit above this layer: a verb calls down into it, not the reverse",
  },
  runs: {
    regex: up(["runs"]),
    message: "the run lifecycle sits above the core: take a `step` function or plain data as a parameter",
  },
  github: {
    regex: `${up(["github"])}|^probot$|^@octokit/`,
    message:
      "the GitHub adapter is used by verbs and entry points only; take plain data or a small interface",
  },
  delivery: {
    regex: up(["delivery"]),
    message: "the core never reaches delivery (git pushes, PRs); a verb does",
  },
  core: {
    regex: up(["perception", "understanding", "agent", "deps", "tools"]),
    message: "adapters sit below the core and must not import it; move the shared piece down or pass it in",
  },
  folders: {
    regex: "^\\.\\.?/[^/]+/",
    message: "config, errors, logger, redact and sanitize-llm-text are leaves: they import no folder",
  },
};
const layers = [
  { files: ["src/verbs/**"], forbidden: ["entry"] },
  { files: ["src/runs/**"], forbidden: ["entry", "verbs", "github"] },
  {
    files: ["src/perception/**", "src/understanding/**", "src/agent/**", "src/deps/**", "src/tools/**"],
    forbidden: ["entry", "verbs", "runs", "github", "delivery"],
  },
  {
    files: ["src/workspace/**", "src/store/**", "src/notify/**", "src/integrations/**", "src/api/**"],
    forbidden: ["entry", "verbs", "runs", "github", "core"],
  },
  { files: ["src/github/**"], forbidden: ["entry", "verbs", "core"] },
  // delivery drives git and GitHub through ports it declares (DeliveryGit, PullRequestPort)
  { files: ["src/delivery/**"], forbidden: ["entry", "verbs", "github", "core"] },
  {
    files: ["src/config.ts", "src/errors.ts", "src/logger.ts", "src/redact.ts", "src/sanitize-llm-text.ts"],
    forbidden: ["folders"],
  },
];
// Imports that break a boundary today, each named for a follow-up. An entry lifts one rule for one
// file; remove it when the import is gone (the lint then keeps it gone).
const allowed = [];

/** The boundary rule as config blocks; `exceptions` defaults to the allow-list above (tests pass others). */
export function boundaryBlocks(exceptions = allowed) {
  const rule = (names) => ["error", { patterns: names.map((n) => forbid[n]) }];
  const blocks = [];
  for (const layer of layers) {
    const inLayer = exceptions.filter((a) =>
      layer.files.some((glob) => a.file.startsWith(glob.replace("**", ""))),
    );
    blocks.push({
      files: layer.files,
      ignores: inLayer.map((a) => a.file),
      rules: { "no-restricted-imports": rule(layer.forbidden) },
    });
    for (const a of inLayer) {
      const rest = layer.forbidden.filter((n) => n !== a.rule);
      blocks.push({ files: [a.file], rules: { "no-restricted-imports": rule(rest) } });
    }
  }
  return blocks;
}

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "coverage/", "test/fixtures/", "examples/", ".xihe/"] },
  js.configs.recommended,
  { files: ["bin/**/*.js"], languageOptions: { globals: { process: "readonly", console: "readonly" } } },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-empty": ["error", { allowEmptyCatch: false }],
    },
  },
  ...boundaryBlocks(),
);
