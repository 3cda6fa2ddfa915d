// Where a Python project's own packages are imported from when it could not be installed: an
// editable install would have put that folder on sys.path, a failed one did not, so `pytest tests`
// (whose sys.path[0] is pytest's own script folder) and a src layout's tests cannot import the
// package. Read from the packaging config first (setuptools `package-dir` / `packages.find.where`,
// poetry `packages[].from`, hatch wheel `packages`, setup.cfg `package_dir`, setup.py
// `package_dir={"": ...}`), else the layout: `src/` holding a package or module, else the root.
import { parse as parseToml } from "smol-toml";
import { pythonModulesIn } from "./python-modules-in.ts";

export interface ProjectFiles {
  /** The checkout on the host: its folders are listed (the index leaves out files without symbols). */
  root: string;
  readText: (file: string) => string | null;
}

/** Root-relative folders to put on sys.path ("." for the root); none when nothing says Python. */
export function pythonImportRoots(project: ProjectFiles): string[] {
  const configured = [
    ...fromPyproject(project.readText("pyproject.toml")),
    ...fromSetupCfg(project.readText("setup.cfg")),
    ...fromSetupPy(project.readText("setup.py")),
  ].map(normalized);
  const holdsPython = (dir: string) => pythonModulesIn(project.root, dir).length > 0;
  const existing = [...new Set(configured)].filter((dir) => dir === "." || holdsPython(dir));
  if (existing.length > 0) return existing;
  // src/pkg/__init__.py or src/module.py: a src layout.
  if (holdsPython("src")) return ["src"];
  return holdsPython(".") ? ["."] : [];
}

function fromPyproject(text: string | null): string[] {
  if (text === null) return [];
  let doc: unknown;
  try {
    doc = parseToml(text);
  } catch {
    // A pyproject.toml pip could not read either: the layout decides.
    return [];
  }
  const tool = record(record(doc)["tool"]);
  const setuptools = record(tool["setuptools"]);
  const packageDir = record(setuptools["package-dir"])[""];
  const find = record(record(setuptools["packages"])["find"])["where"];
  const poetry = list(record(tool["poetry"])["packages"]).map((p) => record(p)["from"]);
  const hatch = list(record(record(record(record(tool["hatch"])["build"])["targets"])["wheel"])["packages"]);
  return [
    ...strings([packageDir]),
    ...strings(list(find)),
    ...strings(poetry),
    ...strings(hatch).map((p) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : ".")),
  ];
}

// `[options] package_dir = =src` (or on the next line), `[options.packages.find] where = src`.
function fromSetupCfg(text: string | null): string[] {
  if (text === null) return [];
  const out: string[] = [];
  let section = "";
  let key = "";
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\s+[#;].*$/, "");
    const header = /^\[([^\]]+)\]/.exec(line);
    if (header) {
      section = header[1]!.trim();
      key = "";
      continue;
    }
    const pair = /^([A-Za-z_.-]+)\s*[=:]\s*(.*)$/.exec(line);
    const value = pair ? pair[2]!.trim() : /^\s+\S/.test(line) ? line.trim() : null;
    if (pair) key = pair[1]!.replace(/-/g, "_");
    if (value === null || value === "") continue;
    if (section === "options" && key === "package_dir") {
      const root = /^=\s*(\S+)$/.exec(value);
      if (root) out.push(root[1]!);
    }
    if (section === "options.packages.find" && key === "where") out.push(value);
  }
  return out;
}

function fromSetupPy(text: string | null): string[] {
  const m = text && /package_dir\s*=\s*\{\s*(["'])\1\s*:\s*["']([^"']+)["']/.exec(text);
  return m ? [m[2]!] : [];
}

function normalized(dir: string): string {
  const trimmed = dir.replace(/^\.\//, "").replace(/\/+$/, "");
  return trimmed === "" ? "." : trimmed;
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const strings = (vs: readonly unknown[]): string[] =>
  vs.filter(
    (v): v is string =>
      typeof v === "string" && v !== "" && !v.startsWith("/") && !v.split("/").includes(".."),
  );
