// The project overview at the top of a brief: languages (by indexed files), frameworks and test
// commands (from the manifests at the root), and the top-level layout.
import type { CodeIndex } from "./code-index.ts";

export interface ProjectOverview {
  languages: { language: string; files: number }[];
  frameworks: string[];
  testCommands: string[];
  layout: { dir: string; files: number }[];
}

/** Reads a repository-relative text file, or null when it is absent. */
export type ReadText = (path: string) => string | null;

const KNOWN_FRAMEWORKS = [
  "react",
  "vue",
  "svelte",
  "next",
  "express",
  "fastify",
  "koa",
  "nestjs",
  "probot",
  "jest",
  "vitest",
  "mocha",
  "ava",
  "tape",
  "django",
  "flask",
  "fastapi",
  "pytest",
  "numpy",
  "pandas",
];

export function projectOverview(index: CodeIndex, readText: ReadText): ProjectOverview {
  const languages = countBy(index.files.map((f) => f.language)).map(([language, files]) => ({
    language,
    files,
  }));
  const layout = countBy(
    index.files.map((f) => (f.path.includes("/") ? `${f.path.split("/")[0]}/` : ".")),
  ).map(([dir, files]) => ({ dir, files }));
  const frameworks = new Set<string>();
  const testCommands: string[] = [];
  const pkg = parseJson(readText("package.json"));
  if (pkg) {
    const deps = { ...record(pkg["dependencies"]), ...record(pkg["devDependencies"]) };
    for (const name of Object.keys(deps)) {
      const bare = name.replace(/^@[^/]+\//, "");
      if (KNOWN_FRAMEWORKS.includes(name) || KNOWN_FRAMEWORKS.includes(bare)) frameworks.add(name);
    }
    const test = record(pkg["scripts"])["test"];
    if (typeof test === "string") testCommands.push(`npm test (${test})`);
  }
  const python = [readText("pyproject.toml"), readText("setup.cfg"), readText("requirements.txt")].join("\n");
  for (const name of ["django", "flask", "fastapi", "pytest", "numpy", "pandas"])
    if (new RegExp(`\\b${name}\\b`, "i").test(python)) frameworks.add(name);
  if (/\bpytest\b/i.test(python)) testCommands.push("python -m pytest");
  else if (index.files.some((f) => f.language === "python" && f.isTest))
    testCommands.push("python -m unittest");
  if (readText("go.mod") !== null) testCommands.push("go test ./...");
  if (readText("Cargo.toml") !== null) testCommands.push("cargo test");
  return { languages, frameworks: [...frameworks].sort(), testCommands, layout };
}

export function renderOverview(overview: ProjectOverview): string {
  const list = (items: string[]) => (items.length > 0 ? items.join(", ") : "(none found)");
  return [
    `Languages: ${list(overview.languages.map((l) => `${l.language} (${l.files} files)`))}`,
    `Frameworks: ${list(overview.frameworks)}`,
    `Test commands: ${list(overview.testCommands)}`,
    `Layout: ${list(overview.layout.slice(0, 12).map((d) => `${d.dir} ${d.files}`))}`,
  ].join("\n");
}

function countBy(values: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

function parseJson(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    return record(JSON.parse(text));
  } catch {
    // A broken manifest only costs the overview its framework list; the brief is still useful.
    return null;
  }
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
