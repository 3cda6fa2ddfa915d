// Finds the package manager of a checkout from its lockfiles and returns the install steps.
// Install scripts stay off unless the repository config allows them (`sandbox.allow_install_scripts`):
// a dependency's postinstall is the classic way to phone home (A26). A pnpm lockfile gets pnpm itself
// from the npm registry (`npm exec`), at the version the project pins (`packageManager`, as corepack
// reads it) or else the major its lockfile version belongs to: the sandbox's PATH has node and npm,
// not the host user's pnpm, and a lockfile written by one pnpm major is refused by another. A yarn
// classic lockfile gets yarn 1 the same way, for the same reason (the `yarn` package is yarn 1), and a
// yarn 2+ (berry) lockfile gets berry's own CLI package, `@yarnpkg/cli-dist`, at the pinned version or
// the major that writes its lockfile version. The project's `yarnPath` release, its own code, never
// runs in place of either (YARN_IGNORE_PATH, install-env.ts).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type PackageManager =
  "npm" | "pnpm" | "yarn" | "yarn-berry" | "pip" | "poetry" | "uv" | "cargo" | "go" | "maven";

export interface InstallPlan {
  manager: PackageManager;
  /** Argv of each step, run in order in the workspace root with network "install". */
  steps: string[][];
  env?: Record<string, string>;
}

export interface DetectInstallOptions {
  allowScripts: boolean;
  /** The sandbox python3's `__pip-runner__.py`, which installs into the interpreter that runs it
   *  (sandbox-pip.ts); without it the venv gets its own pip. */
  pipRunner?: string;
}

export function detectInstall(root: string, options: DetectInstallOptions): InstallPlan | null {
  const has = (file: string): boolean => existsSync(join(root, file));
  const noScripts = options.allowScripts ? [] : ["--ignore-scripts"];
  if (has("pnpm-lock.yaml"))
    return {
      manager: "pnpm",
      steps: [[...pnpmFromRegistry(root), "install", "--frozen-lockfile", ...noScripts]],
    };
  if (has("yarn.lock") && (has(".yarnrc.yml") || isBerryLockfile(root)))
    return {
      manager: "yarn-berry",
      steps: [[...berryFromRegistry(root), "install", "--immutable"]],
      // Plug'n'Play (berry's default) resolves modules only under `yarn node` or its loader; the
      // commands Xihe re-runs are the CI's own (`node --test`, `npx vitest`, a script's body), run
      // without yarn, so the install lays out node_modules whatever the project's linker.
      env: { YARN_ENABLE_SCRIPTS: options.allowScripts ? "1" : "0", YARN_NODE_LINKER: "node-modules" },
    };
  if (has("yarn.lock"))
    return {
      manager: "yarn",
      steps: [
        [
          ...managerFromRegistry("yarn", pinnedVersion(root, "yarn", "1") ?? "1"),
          "install",
          "--frozen-lockfile",
          ...noScripts,
        ],
      ],
    };
  if (has("package-lock.json") || has("npm-shrinkwrap.json"))
    return { manager: "npm", steps: [["npm", "ci", ...noScripts, "--no-audit", "--no-fund"]] };
  if (has("package.json"))
    return {
      manager: "npm",
      steps: [["npm", "install", ...noScripts, "--no-audit", "--no-fund", "--no-package-lock"]],
    };
  if (has("uv.lock")) return { manager: "uv", steps: [["uv", "sync", "--frozen"]] };
  if (has("poetry.lock"))
    return { manager: "poetry", steps: [["poetry", "install", "--no-root", "--no-interaction"]] };
  // Wheels only unless scripts are allowed: building an sdist runs its setup.py.
  const binaryOnly = options.allowScripts ? [] : ["--only-binary=:all:"];
  // The same install into the same venv either way. With pipRunner the venv gets no pip of its own
  // (ensurepip is most of a fresh venv's cost) and the venv's python runs the sandbox python3's pip
  // through its runner file, as `pip --python` does. -I keeps the checkout off sys.path either way:
  // `python3 -m venv` and `python -m pip` run in the workspace would otherwise import a `venv` or
  // `pip` package at the repository's root, code of the PR's in an install the cache may keep (A48).
  const [makeVenv, pip] = options.pipRunner
    ? [
        ["python3", "-I", "-m", "venv", "--without-pip", ".venv"],
        [".venv/bin/python", options.pipRunner],
      ]
    : [
        ["python3", "-I", "-m", "venv", ".venv"],
        [".venv/bin/python", "-I", "-m", "pip"],
      ];
  const venvPip = [...pip, "install", "--disable-pip-version-check", ...binaryOnly];
  if (has("requirements.txt"))
    return { manager: "pip", steps: [makeVenv, [...venvPip, "-r", "requirements.txt"]] };
  if (has("pyproject.toml") || has("setup.py"))
    return { manager: "pip", steps: [makeVenv, [...venvPip, "-e", "."]] };
  if (has("Cargo.toml"))
    return { manager: "cargo", steps: [["cargo", "fetch", ...(has("Cargo.lock") ? ["--locked"] : [])]] };
  if (has("go.mod")) return { manager: "go", steps: [["go", "mod", "download"]] };
  if (has("pom.xml")) return { manager: "maven", steps: [["mvn", "-B", "-q", "dependency:go-offline"]] };
  return null;
}

// lockfileVersion -> the pnpm major that writes it (9.0 is also read by pnpm 10).
const pnpmMajorByLockfile: Record<string, string> = { "9": "9", "6": "8", "5": "7" };

function pnpmFromRegistry(root: string): string[] {
  return managerFromRegistry("pnpm", pinnedVersion(root, "pnpm") ?? lockfilePnpm(root) ?? "latest");
}

function managerFromRegistry(name: "pnpm" | "yarn", version: string): string[] {
  return ["npm", "exec", "--yes", `--package=${name}@${version}`, "--", name];
}

// __metadata.version -> the berry major that writes it (4.0 writes 8, 4.18 writes 10): a later major
// rewrites an older lockfile, which `--immutable` refuses.
const berryMajorByLockfile: Record<string, string> = {
  "4": "2",
  "5": "3",
  "6": "3",
  "8": "4",
  "10": "4",
};

function berryFromRegistry(root: string): string[] {
  const pinned = pinnedVersion(root, "yarn");
  const version = pinned !== null && !pinned.startsWith("1.") ? pinned : (lockfileBerry(root) ?? "latest");
  return ["npm", "exec", "--yes", `--package=@yarnpkg/cli-dist@${version}`, "--", "yarn"];
}

function lockfileBerry(root: string): string | null {
  const head = readHead(root, "yarn.lock", 500);
  const version = head === null ? undefined : /^__metadata:\s*\n\s+version:\s*(\d+)/m.exec(head)?.[1];
  return version === undefined ? null : (berryMajorByLockfile[version] ?? null);
}

/** The version `packageManager` pins for `name` (and, given `major`, only within that major). */
function pinnedVersion(root: string, name: "pnpm" | "yarn", major?: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      packageManager?: unknown;
    };
    const pinned = typeof manifest.packageManager === "string" ? manifest.packageManager : "";
    // "pnpm@10.28.0+sha512.…": the version only; anything else is not ours to pass to npm.
    const version = new RegExp(`^${name}@(\\d+\\.\\d+\\.\\d+)(?:[+-]|$)`).exec(pinned)?.[1] ?? null;
    return version !== null && major !== undefined && !version.startsWith(`${major}.`) ? null : version;
  } catch {
    return null; // no or unreadable manifest: the lockfile decides
  }
}

function lockfilePnpm(root: string): string | null {
  const head = readHead(root, "pnpm-lock.yaml", 200);
  const major = head === null ? undefined : /^lockfileVersion:\s*['"]?(\d+)/m.exec(head)?.[1];
  return major === undefined ? null : (pnpmMajorByLockfile[major] ?? null);
}

// Yarn 2+ writes a `__metadata:` block at the top of yarn.lock; yarn 1 never does.
function isBerryLockfile(root: string): boolean {
  return /^__metadata:/m.test(readHead(root, "yarn.lock", 500) ?? "");
}

function readHead(root: string, file: string, length: number): string | null {
  try {
    return readFileSync(join(root, file), "utf8").slice(0, length);
  } catch {
    return null; // not a readable file: the package manager itself will say what is wrong
  }
}
