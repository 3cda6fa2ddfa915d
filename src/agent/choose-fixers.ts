// Deterministic fixers, chosen without a model: first by rewriting a failing check command into its
// fixing form (`eslint src` → `eslint --fix src`, `prettier --check .` → `prettier --write .`), then by
// the tools perception named, when the repository has that tool installed locally. Everything here is
// chosen from untrusted text (command lines, log output), so no fixer ever gets network (A42).
import { parseCommandLine } from "../workspace/parse-command-line.ts";
import type { CheckRun } from "./loop/check-run.ts";

export type Fixer = { name: string; argv: string[]; reason: string };

export interface FixerContext {
  failing: readonly CheckRun[];
  /** True when a repository-relative path exists (node_modules/.bin/eslint, pyproject.toml, ...). */
  exists: (path: string) => boolean;
}

type Rewrite = { name: string; matches: (argv: string[]) => boolean; rewrite: (argv: string[]) => string[] };

const base = (arg: string | undefined) => (arg ?? "").split("/").pop() ?? "";
const hasTool = (argv: string[], tool: string) => argv.some((a) => base(a) === tool);
const without = (argv: string[], drop: readonly string[]) => argv.filter((a) => !drop.includes(a));
const after = (argv: string[], tool: string, extra: string[]) => {
  const i = argv.findIndex((a) => base(a) === tool);
  return [...argv.slice(0, i + 1), ...extra, ...argv.slice(i + 1)];
};

const rewrites: Rewrite[] = [
  {
    name: "eslint --fix",
    matches: (a) => hasTool(a, "eslint") && !a.includes("--fix"),
    rewrite: (a) => after(a, "eslint", ["--fix"]),
  },
  {
    name: "prettier --write",
    matches: (a) =>
      hasTool(a, "prettier") && a.some((x) => ["--check", "-c", "--list-different", "-l"].includes(x)),
    rewrite: (a) => after(without(a, ["--check", "-c", "--list-different", "-l"]), "prettier", ["--write"]),
  },
  {
    name: "ruff check --fix",
    matches: (a) => hasTool(a, "ruff") && a.includes("check") && !a.includes("--fix"),
    rewrite: (a) => [...a, "--fix"],
  },
  {
    name: "ruff format",
    matches: (a) => hasTool(a, "ruff") && a.includes("format") && a.includes("--check"),
    rewrite: (a) => without(a, ["--check", "--diff"]),
  },
  {
    name: "black",
    matches: (a) => hasTool(a, "black") && a.includes("--check"),
    rewrite: (a) => without(a, ["--check", "--diff"]),
  },
  {
    name: "isort",
    matches: (a) => hasTool(a, "isort") && (a.includes("--check-only") || a.includes("--check")),
    rewrite: (a) => without(a, ["--check-only", "--check", "--diff"]),
  },
  {
    name: "gofmt -w",
    matches: (a) => hasTool(a, "gofmt") && a.includes("-l"),
    rewrite: (a) => after(without(a, ["-l", "-d"]), "gofmt", ["-w"]),
  },
  {
    name: "cargo fmt",
    matches: (a) => hasTool(a, "cargo") && a.includes("fmt") && a.includes("--check"),
    rewrite: (a) => without(a, ["--check", "--"]),
  },
];

export function chooseFixers(ctx: FixerContext): Fixer[] {
  const fixers: Fixer[] = [];
  const add = (fixer: Fixer) => {
    if (!fixers.some((f) => f.name === fixer.name)) fixers.push(fixer);
  };
  for (const run of ctx.failing) {
    const parsed = parseCommandLine(run.command);
    if (!parsed.ok) continue;
    for (const r of rewrites) {
      if (r.matches(parsed.argv))
        add({ name: r.name, argv: r.rewrite(parsed.argv), reason: `${run.command} failed` });
    }
  }
  const failures = ctx.failing.flatMap((r) => r.failures);
  const files = (tool: string) => [
    ...new Set(failures.filter((f) => f.tool === tool && f.file).map((f) => f.file!)),
  ];
  const eslintFiles = files("eslint");
  if (eslintFiles.length > 0 && ctx.exists("node_modules/.bin/eslint"))
    add({
      name: "eslint --fix",
      argv: ["node_modules/.bin/eslint", "--fix", "--", ...eslintFiles],
      reason: "eslint reported failures",
    });
  const ruffFiles = files("ruff");
  if (ruffFiles.length > 0)
    add({
      name: "ruff check --fix",
      argv: ["ruff", "check", "--fix", "--", ...ruffFiles],
      reason: "ruff reported failures",
    });
  // No npm lockfile resync here (A42): offline it resolves nothing (ENOTCACHED for every added or
  // changed dependency, measured with npm 11), and with network the PR's .npmrc picks the registry and
  // the `git` program. It belongs to the install phase behind the registry proxy (issue 10).
  return fixers;
}
