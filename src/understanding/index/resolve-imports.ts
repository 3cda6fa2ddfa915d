// Resolves an import's source to a repository file, per language: relative JS/TS paths (with the
// TS convention of importing "./x.js" for "./x.ts"), Python modules and packages (also under a
// source root such as src/), Go packages of the repo's modules, Rust crate/self/super paths and
// `mod` declarations, Java classes by package path.
import { posix } from "node:path";
import type { LanguageId } from "./languages.ts";

export interface GoModule {
  /** Directory of go.mod, "" for the root. */
  dir: string;
  module: string;
}

/** A package.json's `main`, which `require()` of its directory loads. */
export interface PackageMain {
  /** Directory of package.json, "" for the root. */
  dir: string;
  /** Repository-relative path `main` names (not yet resolved to a file). */
  main: string;
}

/** A package.json's `name`: a test that imports its own package by name (`from "yaml"`). */
export interface PackageName {
  /** Directory of package.json, "" for the root. */
  dir: string;
  name: string;
}

export interface ModuleManifests {
  goModules: readonly GoModule[];
  packageMains: readonly PackageMain[];
  packageNames?: readonly PackageName[];
}

export type ImportResolver = (file: string, language: LanguageId, source: string) => string | null;

// A declaration file never runs: `require("./util")` beside `util.js` and `util.d.ts` (a JS package
// that ships its own types) loads `util.js`, so `.d.ts` is tried last, for type-only modules.
const jsExtensions = [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".d.ts"];

export function createImportResolver(paths: readonly string[], manifests: ModuleManifests): ImportResolver {
  const { goModules } = manifests;
  const files = new Set(paths);
  const mains = new Map(manifests.packageMains.map((m) => [m.dir, m.main]));
  const ownPackages = [...(manifests.packageNames ?? [])].sort((a, b) => b.name.length - a.name.length);
  const pythonModules = indexPythonModules(paths);
  const javaClasses = indexBySuffix(paths.filter((p) => p.endsWith(".java")));
  const goDirs = indexGoDirs(paths);
  const first = (candidates: string[]) => candidates.find((c) => files.has(c)) ?? null;
  return (file, language, source) => {
    const dir = posix.dirname(file) === "." ? "" : posix.dirname(file);
    switch (language) {
      case "javascript":
      case "typescript":
      case "tsx":
        return source.startsWith(".")
          ? resolveRelativeJs(posix.join(dir, source), files, mains)
          : resolveOwnPackage(source, ownPackages, files, mains);
      case "python":
        return resolvePython(dir, source, pythonModules);
      case "go":
        return resolveGo(source, goModules, goDirs);
      case "rust":
        return resolveRust(file, dir, source, first);
      case "java":
        return resolveJava(source, javaClasses);
    }
  };
}

/** The first existing file for a relative JS/TS import, trying candidates in resolution order. */
function resolveRelativeJs(
  joined: string,
  files: ReadonlySet<string>,
  mains: ReadonlyMap<string, string>,
): string | null {
  // `require("..")`, `require("./")`: a directory, resolved like Node to its package.json `main`,
  // else its index file.
  const base = joined.replace(/\/+$/, "").replace(/^\.$/, "");
  if (base.startsWith("../")) return null;
  if (base === "") return packageEntry("", files, mains);
  const file = resolveJsFile(base, files);
  return file ?? packageEntry(base, files, mains);
}

// Where a package's `main` points at its build output, which a checkout lacks (`dist/index.js`).
const buildFolders = new Set(["dist", "lib", "build", "out", "esm", "cjs"]);

/**
 * A bare import of a package of this repository by its own name (`import * as YAML from "yaml"` in
 * yaml's tests, which jest maps to the source): its `main`, else what `main` was built from under
 * `src/` (`dist/index.js` from `src/index.ts`), else its index file; `yaml/util` likewise.
 */
function resolveOwnPackage(
  source: string,
  packages: readonly PackageName[],
  files: ReadonlySet<string>,
  mains: ReadonlyMap<string, string>,
): string | null {
  const own = packages.find((p) => source === p.name || source.startsWith(`${p.name}/`));
  if (!own) return null;
  const sub = source.slice(own.name.length + 1);
  if (sub !== "")
    return (
      resolveJsFile(posix.join(own.dir, "src", sub), files) ??
      resolveRelativeJs(posix.join(own.dir, sub), files, mains)
    );
  const main = mains.get(own.dir);
  const built = main === undefined ? null : builtFrom(own.dir, main, files);
  return resolveJsFile(main ?? "", files) ?? built ?? packageEntry(own.dir, files, mains);
}

/** `dist/index.js` of the package in `dir` -> `src/index.ts`, when that file exists. */
function builtFrom(dir: string, main: string, files: ReadonlySet<string>): string | null {
  const rest = (dir === "" ? main : main.slice(dir.length + 1)).split("/");
  if (rest.length < 2 || !buildFolders.has(rest[0] ?? "")) return null;
  const source = posix.join(dir, "src", ...rest.slice(1));
  // A bundler's output names its format (`dist/index.cjs`, `dist/index.mjs`) whatever the source's.
  return resolveJsFile(source, files) ?? resolveJsFile(source.replace(/\.[cm]?js$/, ""), files);
}

function packageEntry(dir: string, files: ReadonlySet<string>, mains: ReadonlyMap<string, string>) {
  const main = mains.get(dir);
  const viaMain = main === undefined || main === "" ? null : resolveJsFile(main, files);
  return viaMain ?? (main === undefined ? null : indexIn(main, files)) ?? indexIn(dir, files);
}

/** `base` as a file, with a TS or JS extension added, or swapped (`./x.js` for `./x.ts`). */
function resolveJsFile(base: string, files: ReadonlySet<string>): string | null {
  if (files.has(base)) return base;
  const swapped = base.replace(/\.(m|c)?js$/, (_m, k: string | undefined) => `.${k ?? ""}ts`);
  if (swapped !== base) {
    if (files.has(swapped)) return swapped;
    if (files.has(`${swapped}x`)) return `${swapped}x`;
  }
  for (const ext of jsExtensions) if (files.has(base + ext)) return base + ext;
  return null;
}

function indexIn(dir: string, files: ReadonlySet<string>): string | null {
  const prefix = dir === "" ? "" : `${dir}/`;
  for (const ext of jsExtensions) if (files.has(`${prefix}index${ext}`)) return `${prefix}index${ext}`;
  return null;
}

function indexPythonModules(paths: readonly string[]): Map<string, string> {
  // "src/pkg/mod.py" is module "src.pkg.mod", and also "pkg.mod" and "mod" (source roots);
  // the shortest path wins a tie so that the root layout is preferred.
  const modules = new Map<string, string>();
  for (const p of [...paths].filter((x) => x.endsWith(".py")).sort((a, b) => a.length - b.length)) {
    const parts = p.slice(0, -3).split("/");
    if (parts[parts.length - 1] === "__init__") parts.pop();
    for (let i = 0; i < parts.length; i++) {
      const name = parts.slice(i).join(".");
      if (!modules.has(name)) modules.set(name, p);
    }
  }
  return modules;
}

function resolvePython(dir: string, source: string, modules: Map<string, string>): string | null {
  const dots = /^\.*/.exec(source)?.[0].length ?? 0;
  if (dots === 0) return modules.get(source) ?? null;
  let base = dir;
  for (let i = 1; i < dots; i++) base = posix.dirname(base) === "." ? "" : posix.dirname(base);
  const rest = source.slice(dots);
  const name = [...(base === "" ? [] : base.split("/")), ...(rest === "" ? [] : rest.split("."))].join(".");
  return modules.get(name) ?? null;
}

function indexGoDirs(paths: readonly string[]): Map<string, string> {
  const dirs = new Map<string, string>();
  for (const p of [...paths].sort()) {
    if (!p.endsWith(".go") || p.endsWith("_test.go")) continue;
    const d = posix.dirname(p) === "." ? "" : posix.dirname(p);
    if (!dirs.has(d)) dirs.set(d, p);
  }
  return dirs;
}

/** A Go import resolves to the package directory; we report its first non-test file. */
function resolveGo(source: string, modules: readonly GoModule[], dirs: Map<string, string>): string | null {
  for (const m of modules) {
    if (source !== m.module && !source.startsWith(`${m.module}/`)) continue;
    const rel = source.slice(m.module.length).replace(/^\//, "");
    return dirs.get(posix.join(m.dir, rel).replace(/^\.$/, "")) ?? null;
  }
  return null;
}

function rustModuleDir(file: string, dir: string): string {
  const name = posix.basename(file);
  return name === "mod.rs" || name === "lib.rs" || name === "main.rs"
    ? dir
    : posix.join(dir, name.slice(0, -3));
}

function resolveRust(
  file: string,
  dir: string,
  source: string,
  first: (c: string[]) => string | null,
): string | null {
  const asModule = (base: string, segs: string[]) => {
    for (let n = segs.length; n > 0; n--) {
      const p = posix.join(base, ...segs.slice(0, n));
      const hit = first([`${p}.rs`, `${p}/mod.rs`]);
      if (hit) return hit;
    }
    return null;
  };
  if (source.startsWith("mod ")) return asModule(rustModuleDir(file, dir), [source.slice(4)]);
  const segs = source.split("::");
  const head = segs.shift();
  if (head === "crate") {
    const srcAt = file.lastIndexOf("src/");
    const crateRoot = srcAt === -1 ? "" : file.slice(0, srcAt + 3);
    return (
      asModule(crateRoot, segs) ?? first([posix.join(crateRoot, "lib.rs"), posix.join(crateRoot, "main.rs")])
    );
  }
  if (head === "self") return asModule(rustModuleDir(file, dir), segs);
  if (head === "super") return asModule(posix.dirname(rustModuleDir(file, dir)), segs);
  // 2018 edition: a path may start with a child module of the current one (`use cart::Cart`).
  return head ? asModule(rustModuleDir(file, dir), [head, ...segs]) : null;
}

function indexBySuffix(paths: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const p of paths) {
    const name = posix.basename(p, ".java");
    byName.set(name, [...(byName.get(name) ?? []), p]);
  }
  return byName;
}

function resolveJava(source: string, classes: Map<string, string[]>): string | null {
  const segs = source.split(".");
  // `import a.b.C` or `import static a.b.C.member`: try the longest path that names a file.
  for (let n = segs.length; n > 0; n--) {
    const path = `${segs.slice(0, n).join("/")}.java`;
    const hit = (classes.get(segs[n - 1] ?? "") ?? []).find((p) => p === path || p.endsWith(`/${path}`));
    if (hit) return hit;
  }
  return null;
}
