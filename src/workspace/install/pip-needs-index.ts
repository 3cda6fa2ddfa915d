// Whether the detected pip install can only succeed with packages from its index. The install phase
// gives pip a fresh venv, no config file (PIP_CONFIG_FILE=/dev/null) and one index URL, so a
// requirement has no other source: a named requirement in requirements.txt, and for a project
// install (`pip install -e .`) its build backend, which build isolation installs into a fresh build
// environment from the index (`[build-system] requires`, or pip's setuptools default when the table
// is missing). A requirements file with paths, URLs or options that add a source (`--find-links`,
// `--index-url`, `-e ./lib`) may install without the index, as may an empty one: those are never
// claimed to need it. An include (`-r requirements-dev.txt`, `-c constraints.txt`) of a file inside
// the checkout is read the same way, so a requirements.txt that only pulls in development tools'
// names is seen to need the index too.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

export function pipInstallNeedsIndex(root: string): boolean {
  const requirements = readIfExists(join(root, "requirements.txt"));
  if (requirements !== null) return (namedRequirements(root, "requirements.txt", requirements, 0) ?? 0) > 0;
  const pyproject = readIfExists(join(root, "pyproject.toml"));
  if (pyproject !== null) return buildRequires(pyproject);
  return existsSync(join(root, "setup.py"));
}

// How many named requirements the file holds, its includes' counted in; null when a line is
// anything but a plain `name[extras] <spec> [; marker] [--hash ...]` or an include of such a file.
function namedRequirements(root: string, file: string, text: string, depth: number): number | null {
  const lines = text
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((raw) => raw.replace(/(^|\s)#.*$/, "").trim())
    .filter((line) => line !== "" && !/^--(?:require-hashes|only-binary|prefer-binary)\b/.test(line));
  let count = 0;
  for (const line of lines) {
    const include = /^(?:-r|-c|--requirement|--constraint)(?:\s*=\s*|\s+)(\S+)$/.exec(line);
    if (include) {
      const included = normalize(join(dirname(file), include[1]!));
      if (depth >= 4 || included.startsWith("..") || included.startsWith("/") || /:\/\//.test(include[1]!))
        return null;
      const text = readIfExists(join(root, included));
      const named = text === null ? null : namedRequirements(root, included, text, depth + 1);
      if (named === null) return null;
      // A constraints file limits versions; it installs nothing of its own.
      if (/^(?:-r|--requirement)/.test(line)) count += named;
    } else if (/^[A-Za-z0-9]/.test(line) && !/:\/\/|@|file:/.test(line)) count += 1;
    else return null;
  }
  return count;
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
