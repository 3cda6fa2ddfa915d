// Whether the detected pip install can only succeed with packages from its index. The install phase
// gives pip a fresh venv, no config file (PIP_CONFIG_FILE=/dev/null) and one index URL, so a
// requirement has no other source: a named requirement in requirements.txt, and for a project
// install (`pip install -e .`) its build backend, which build isolation installs into a fresh build
// environment from the index (`[build-system] requires`, or pip's setuptools default when the table
// is missing). A requirements file with paths, URLs or options that add a source (`--find-links`,
// `--index-url`, `-e ./lib`) may install without the index, as may an empty one: those are never
// claimed to need it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function pipInstallNeedsIndex(root: string): boolean {
  const requirements = readIfExists(join(root, "requirements.txt"));
  if (requirements !== null) return onlyNamedRequirements(requirements);
  const pyproject = readIfExists(join(root, "pyproject.toml"));
  if (pyproject !== null) return buildRequires(pyproject);
  return existsSync(join(root, "setup.py"));
}

// At least one requirement, and every line a plain `name[extras] <spec> [; marker] [--hash ...]`.
function onlyNamedRequirements(text: string): boolean {
  const lines = text
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((raw) => raw.replace(/(^|\s)#.*$/, "").trim())
    .filter((line) => line !== "" && !/^--(?:require-hashes|only-binary|prefer-binary)\b/.test(line));
  return lines.length > 0 && lines.every((line) => /^[A-Za-z0-9]/.test(line) && !/:\/\/|@|file:/.test(line));
}

// pip's rule for the build environment: no [build-system] table means setuptools from the index; a
// table with a non-empty `requires` list installs that list. A table without `requires`, an empty
// list or one this reading cannot follow is not claimed (an in-tree backend may need nothing).
function buildRequires(pyproject: string): boolean {
  const table = /^\[build-system\][ \t]*\r?\n([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(pyproject);
  if (table === null) return true;
  const requires = /^requires\s*=\s*\[([^\]]*)\]/m.exec(table[1] ?? "");
  return requires !== null && /["'][A-Za-z0-9]/.test(requires[1] ?? "");
}

function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null; // absent or unreadable: the caller treats it as not there
  }
}
