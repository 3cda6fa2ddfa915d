// The direct dependencies of a Python project: the requirement lines of requirements.txt and the
// PEP 621 `[project]` dependencies (and optional-dependencies) of pyproject.toml. Options, includes
// (`-r`), URLs and paths in requirements.txt are not index packages and are passed over. A uv or
// poetry lockfile stops the upgrade: updating it is not built, and bumping the requirements alone
// would leave it out of step.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { z } from "zod";
import { UsageError } from "../../errors.ts";
import type { DirectDependency } from "./plan-updates.ts";
import { parsePythonRequirement } from "./python-requirement.ts";

export type PythonFile = "requirements.txt" | "pyproject.toml";

const pyproject = z.object({
  project: z
    .object({
      dependencies: z.array(z.string()).optional(),
      "optional-dependencies": z.record(z.string(), z.array(z.string())).optional(),
    })
    .optional(),
});

export function readPythonProject(root: string): DirectDependency[] {
  for (const lock of ["uv.lock", "poetry.lock"])
    if (existsSync(join(root, lock)))
      throw new UsageError(
        `${lock}: updating uv and poetry lockfiles is not built yet (xihe upgrade updates requirements.txt and PEP 621 dependencies with pip); upgrade this project with its own tool`,
      );
  const out: DirectDependency[] = [];
  const requirementsPath = join(root, "requirements.txt");
  if (existsSync(requirementsPath))
    for (const line of readFileSync(requirementsPath, "utf8").split("\n")) {
      const req = requirementOfLine(line);
      if (req) out.push(dependency(req, "requirements.txt"));
    }
  for (const text of pyprojectRequirements(root)) {
    const req = parsePythonRequirement(text);
    if (req) out.push(dependency(req, "pyproject.toml"));
  }
  return out;
}

/** The requirement text of a requirements.txt line, or null for comments, options and URLs. */
export function requirementOfLine(line: string) {
  const text = line.replace(/(^|\s)#.*$/, "").trim();
  if (text === "" || text.startsWith("-") || text.includes("://") || /^[./]/.test(text)) return null;
  return parsePythonRequirement(text);
}

/** The PEP 621 requirement strings of pyproject.toml, in file order. */
export function pyprojectRequirements(root: string): string[] {
  const path = join(root, "pyproject.toml");
  if (!existsSync(path)) return [];
  let raw: unknown;
  try {
    raw = parseToml(readFileSync(path, "utf8"));
  } catch (err) {
    throw new UsageError(
      `pyproject.toml does not parse as TOML (${err instanceof Error ? err.message.split("\n")[0] : String(err)}); fix it`,
      { cause: err },
    );
  }
  const parsed = pyproject.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `pyproject.toml: ${issue?.path.join(".") ?? "project"}: ${issue?.message ?? "invalid"}; PEP 621 wants a list of requirement strings there`,
    );
  }
  const project = parsed.data.project;
  return [
    ...(project?.dependencies ?? []),
    ...Object.values(project?.["optional-dependencies"] ?? {}).flat(),
  ];
}

function dependency(req: { name: string; specifier: string }, field: PythonFile): DirectDependency {
  return { name: req.name, range: req.specifier, field, locked: null };
}
