// Which interpreters and compilers the sandbox sees besides /usr and /opt: the directories named in
// `sandbox.toolchains`, and the real directories behind `node`, `python3`, `go`, `cargo` and `java`
// on the host PATH (pyenv and rustup shims followed with `pyenv which` / `rustup which`). Each is
// bound read-only at its own path (staged for the sandbox uid, sandbox-identity.ts) and its bin dir
// goes in front of the sandbox's PATH.
import { execFileSync } from "node:child_process";
import { accessSync, constants, lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, normalize } from "node:path";
import { XiheError } from "../../errors.ts";
import { sandboxSystemDirs } from "./bwrap-argv.ts";

export interface SandboxToolchains {
  /** Host directories bound read-only at their own path. */
  dirs: string[];
  /** Directories put in front of the sandbox's PATH, in this order. */
  pathDirs: string[];
  /** One line per toolchain, for logs and `xihe sandbox --check`. */
  notes: string[];
}

export class ToolchainConfigError extends XiheError {
  readonly code = "toolchain_invalid";
}

export interface DetectToolchainsOptions {
  /** The environment Xihe was started with (PATH, HOME, PYENV_*, RUSTUP_*): trusted. */
  hostEnv: Readonly<Record<string, string | undefined>>;
  /** `sandbox.toolchains` from the trusted repository config. */
  configured: readonly string[];
}

export const detectedTools = ["node", "python3", "go", "cargo", "java"] as const;
// The sandbox's own PATH (sandbox-env.ts): a tool found there needs nothing extra.
const sandboxPath = ["/usr/local/bin", "/usr/bin", "/bin"];
// Never bound, even when world-readable: other runs' workspaces and sockets, the host's config and
// kernel interfaces. Ancestors of HOME are refused too (they would expose the dotfiles).
const deniedDirs = ["/proc", "/sys", "/dev", "/run", "/etc", "/tmp", "/var/tmp", "/boot"];

export function detectToolchains(options: DetectToolchainsOptions): SandboxToolchains {
  const out: SandboxToolchains = { dirs: [], pathDirs: [], notes: [] };
  const home = options.hostEnv.HOME;
  for (const path of options.configured) {
    const refusal = refuseDir(path, home);
    if (refusal !== null)
      throw new ToolchainConfigError(
        `sandbox.toolchains: ${JSON.stringify(path)} ${refusal}; name the toolchain's own directory (an absolute path such as /opt/jdk-21), or remove the entry`,
      );
    add(out, path, isDirectory(join(path, "bin")) ? join(path, "bin") : path, `configured ${path}`);
  }
  for (const tool of detectedTools) {
    const found = findOnPath(tool, options.hostEnv.PATH ?? "");
    if (found === null) continue;
    const real = resolveShim(found, tool, options.hostEnv);
    if (real === null) {
      out.notes.push(`${tool}: ${found} is a shim that did not resolve; not offered`);
      continue;
    }
    const binDir = dirname(real);
    if (sandboxPath.includes(dirname(found)) && isUnderSystemDirs(real)) continue;
    if (isUnderSystemDirs(binDir)) {
      add(out, null, binDir, `${tool}: ${real}`);
      continue;
    }
    const root =
      basename(binDir) === "bin" && refuseDir(dirname(binDir), home) === null ? dirname(binDir) : binDir;
    const refusal = refuseDir(root, home);
    if (refusal !== null) out.notes.push(`${tool}: ${real} not offered (${root} ${refusal})`);
    else add(out, root, binDir, `${tool}: ${real}`);
  }
  return out;
}

function add(out: SandboxToolchains, dir: string | null, pathDir: string, note: string): void {
  if (dir !== null && !isUnderSystemDirs(dir) && !out.dirs.some((d) => isInside(dir, d))) {
    out.dirs = out.dirs.filter((d) => !isInside(d, dir));
    out.dirs.push(dir);
  }
  if (!out.pathDirs.includes(pathDir)) out.pathDirs.push(pathDir);
  out.notes.push(note);
}

/** Why `path` may not be bound into the sandbox, or null when it may. */
function refuseDir(path: string, home: string | undefined): string | null {
  if (path === "/") return "is the whole file system";
  if (!isAbsolute(path) || normalize(path) !== path || path.endsWith("/"))
    return "is not a normalized absolute path";
  if (deniedDirs.some((d) => isInside(path, d))) return "is inside a directory that is never bound";
  if (home !== undefined && home !== "/" && isInside(home, path)) return "contains the home directory";
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return "does not exist on this host";
  }
  if (real !== path) return `is a symbolic link (to ${real}); name the real directory`;
  const stat = statSync(real);
  if (!stat.isDirectory()) return "is not a directory";
  // Only what any local user may already read: the bind lifts the parents' traversal, nothing else.
  if ((stat.mode & 0o005) !== 0o005) return "is not readable by other users (mode o+rx needed)";
  return null;
}

function findOnPath(tool: string, path: string): string | null {
  for (const dir of path.split(":")) {
    if (!isAbsolute(dir)) continue; // a relative PATH entry would resolve against the workspace
    const candidate = join(dir, tool);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      continue; // not here: the next PATH entry
    }
  }
  return null;
}

// pyenv shims are bash scripts and rustup's proxies are one binary under many names: ask the
// manager which real program the name means for the host's configuration.
function resolveShim(
  found: string,
  tool: string,
  hostEnv: DetectToolchainsOptions["hostEnv"],
): string | null {
  const real = realpathSync(found);
  const manager = basename(real) === "rustup" ? "rustup" : isPyenvShim(found) ? "pyenv" : null;
  if (manager === null) return real;
  const program = manager === "rustup" ? real : pyenvProgram(found);
  try {
    const answer = execFileSync(program, ["which", tool], {
      env: managerEnv(hostEnv),
      cwd: "/",
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 10_000,
    }).trim();
    return isAbsolute(answer) ? realpathSync(answer) : null;
  } catch {
    return null; // e.g. a pyenv version that names no such program; reported in notes
  }
}

function isPyenvShim(path: string): boolean {
  if (basename(dirname(path)) !== "shims" || lstatSync(path).size > 4096) return false;
  const text = readFileSync(path, "utf8");
  return text.startsWith("#!") && /\bpyenv\b.*\bexec\b/.test(text);
}

// The shim names its pyenv: `exec "<root>/libexec/pyenv" exec ...`.
function pyenvProgram(shim: string): string {
  const match = /exec "([^"]+\/libexec\/pyenv)" exec/.exec(readFileSync(shim, "utf8"));
  return match?.[1] ?? join(dirname(dirname(shim)), "libexec", "pyenv");
}

const managerNames = /^(?:PATH|HOME|PYENV_[A-Z_]+|RUSTUP_[A-Z_]+|CARGO_HOME)$/;

function managerEnv(hostEnv: DetectToolchainsOptions["hostEnv"]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(hostEnv).filter(
      (e): e is [string, string] => e[1] !== undefined && managerNames.test(e[0]),
    ),
  );
}

function isUnderSystemDirs(path: string): boolean {
  return sandboxSystemDirs.some((d) => isInside(path, d));
}

function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(`${dir}/`);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
