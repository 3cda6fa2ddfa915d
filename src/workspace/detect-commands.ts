// Default test/lint/build/format commands when `.github/xihe.yml` names none: from package.json
// scripts, then pyproject.toml tools, then Makefile targets. Command lines, parsed later into argv.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export type CommandKind = "test" | "lint" | "build" | "format";
export type DetectedCommands = Partial<Record<CommandKind, string[]>>;

const kinds: CommandKind[] = ["test", "lint", "build", "format"];
const packageJson = z.object({ scripts: z.record(z.string(), z.string()).optional() });

export function detectCommands(root: string): DetectedCommands {
  const found: DetectedCommands = {};
  const fill = (more: DetectedCommands): void => {
    for (const kind of kinds)
      if (found[kind] === undefined && more[kind] !== undefined) found[kind] = more[kind];
  };
  fill(fromPackageJson(root));
  fill(fromPyproject(root));
  fill(fromMakefile(root));
  return found;
}

function fromPackageJson(root: string): DetectedCommands {
  const text = readIfExists(join(root, "package.json"));
  if (text === null) return {};
  let parsed: z.infer<typeof packageJson>;
  try {
    parsed = packageJson.parse(JSON.parse(text));
  } catch {
    return {}; // an unreadable package.json gives no defaults; the install phase reports it properly
  }
  const runner = existsSync(join(root, "pnpm-lock.yaml"))
    ? "pnpm"
    : existsSync(join(root, "yarn.lock"))
      ? "yarn"
      : "npm";
  const scripts = parsed.scripts ?? {};
  const out: DetectedCommands = {};
  for (const kind of kinds) {
    const name =
      kind === "format" && scripts.format === undefined && scripts.fmt !== undefined ? "fmt" : kind;
    if (scripts[name] === undefined) continue;
    if (kind === "test" && /no test specified/.test(scripts[name] ?? "")) continue;
    out[kind] = [kind === "test" ? `${runner} test` : `${runner} run ${name}`];
  }
  return out;
}

function fromPyproject(root: string): DetectedCommands {
  const text = readIfExists(join(root, "pyproject.toml"));
  if (text === null) return {};
  const python =
    existsSync(join(root, ".venv")) || existsSync(join(root, "requirements.txt"))
      ? ".venv/bin/python"
      : "python3";
  const out: DetectedCommands = {};
  if (/\[tool\.pytest|\bpytest\b/.test(text)) out.test = [`${python} -m pytest`];
  if (/\[tool\.ruff/.test(text)) {
    out.lint = [`${python} -m ruff check .`];
    out.format = [`${python} -m ruff format --check .`];
  } else if (/\[tool\.flake8|\bflake8\b/.test(text)) out.lint = [`${python} -m flake8`];
  if (out.format === undefined && /\[tool\.black/.test(text)) out.format = [`${python} -m black --check .`];
  return out;
}

function fromMakefile(root: string): DetectedCommands {
  const text = readIfExists(join(root, "Makefile")) ?? readIfExists(join(root, "makefile"));
  if (text === null) return {};
  const targets = new Set([...text.matchAll(/^([A-Za-z][\w-]*)\s*:(?!=)/gm)].map((m) => m[1]));
  const out: DetectedCommands = {};
  for (const kind of kinds) if (targets.has(kind)) out[kind] = [`make ${kind}`];
  if (out.lint === undefined && targets.has("check")) out.lint = ["make check"];
  return out;
}

function readIfExists(path: string): string | null {
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}
