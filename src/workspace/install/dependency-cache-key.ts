// The key of a dependency-cache entry: everything a scripts-off install's result depends on — the
// manager and its argv, the trusted registry settings, the runtime the sandbox runs it with, and the
// bytes of every file in the checkout the manager reads — or the reason this install may not be
// cached at all (see the workspace README, "Dependency cache").
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type CacheKey = { ok: true; key: string; dir: string } | { ok: false; reason: string };

export interface CacheKeyInput {
  root: string;
  manager: string;
  steps: readonly (string | readonly string[])[];
  allowScripts: boolean;
  /** The install's environment from installEnv(): registries and switches, all trusted. */
  env: Readonly<Record<string, string>>;
  /** Real paths, sizes and mtimes of the programs the sandbox resolves (its "platform"). */
  runtime: string;
}

// The files each manager reads from the checkout, and the directory it fills.
const layouts: Record<string, { files: string[]; dir: string; lock: string }> = {
  npm: {
    files: ["package.json", "package-lock.json", "npm-shrinkwrap.json", ".npmrc"],
    dir: "node_modules",
    lock: "package-lock.json",
  },
  pnpm: {
    files: ["package.json", "pnpm-lock.yaml", "pnpm-workspace.yaml", ".npmrc", ".pnpmfile.cjs"],
    dir: "node_modules",
    lock: "pnpm-lock.yaml",
  },
  yarn: { files: ["package.json", "yarn.lock", ".yarnrc", ".npmrc"], dir: "node_modules", lock: "yarn.lock" },
  pip: { files: ["requirements.txt"], dir: ".venv", lock: "requirements.txt" },
};

// A dependency whose content comes from the checkout (or a git host) rather than the registry: the
// lockfile's hash does not pin it, so the result is not a function of the key.
const localSource =
  /"resolved":\s*"(?:file:|git\+|git:)|"link":\s*true|\b(?:file|link|portal):|\bgit\+(?:https?|ssh):/;

export function dependencyCacheKey(input: CacheKeyInput): CacheKey {
  if (input.manager === "configured")
    return { ok: false, reason: "commands.install may run the repository's own code" };
  if (input.allowScripts)
    return { ok: false, reason: "install scripts ran code from the dependencies during the install" };
  const layout = layouts[input.manager];
  if (layout === undefined) return { ok: false, reason: `${input.manager} installs are not cached` };
  if (
    input.manager === "npm" &&
    !existsSync(join(input.root, "package-lock.json")) &&
    !existsSync(join(input.root, "npm-shrinkwrap.json"))
  )
    return { ok: false, reason: "no lockfile: what npm installs is not pinned" };
  if (input.manager === "pnpm" && existsSync(join(input.root, ".pnpmfile.cjs")))
    return { ok: false, reason: ".pnpmfile.cjs is the repository's code, run by pnpm during the install" };
  if (
    input.manager === "pnpm" &&
    /^\s*(?:global-)?pnpmfile\s*=/m.test(readIfExists(join(input.root, ".npmrc")) ?? "")
  )
    return {
      ok: false,
      reason: ".npmrc names a pnpmfile: the repository's code, run by pnpm during the install",
    };
  // `npm exec --package=pnpm@…` (or yarn@…) runs a pnpm the checkout already holds (a committed
  // node_modules/.bin/pnpm) instead of the registry's: that would be the PR's code writing the cache.
  if (
    (input.manager === "pnpm" || input.manager === "yarn") &&
    [`node_modules/${input.manager}`, `node_modules/.bin/${input.manager}`].some((p) =>
      existsSync(join(input.root, p)),
    )
  )
    return {
      ok: false,
      reason: `the checkout holds its own ${input.manager} in node_modules, which npm exec would run`,
    };
  const lock = readIfExists(join(input.root, layout.lock));
  if (lock === null) return { ok: false, reason: `no ${layout.lock}` };
  const unpinned = input.manager === "pip" ? unpinnedRequirement(lock) : localSource.exec(lock)?.[0];
  if (unpinned !== undefined && unpinned !== null)
    return {
      ok: false,
      reason: `${layout.lock} has a dependency from outside the registry (${unpinned.trim()})`,
    };
  const files = Object.fromEntries(layout.files.map((f) => [f, digest(readIfExists(join(input.root, f)))]));
  const material = JSON.stringify({
    version: 1,
    manager: input.manager,
    steps: input.steps,
    env: Object.entries(input.env).sort(([a], [b]) => a.localeCompare(b)),
    runtime: input.runtime,
    files,
  });
  return { ok: true, key: createHash("sha256").update(material).digest("hex"), dir: layout.dir };
}

// requirements.txt lines that name a file, a URL, another requirements file or an option that
// changes where packages come from; only plain `name[extras] <spec> [--hash ...]` lines are cacheable.
function unpinnedRequirement(text: string): string | undefined {
  const lines = text.replace(/\\\r?\n/g, " ").split(/\r?\n/);
  return lines.find((raw) => {
    const line = raw.replace(/(^|\s)#.*$/, "").trim();
    if (line === "" || /^--(?:require-hashes|only-binary|prefer-binary)\b/.test(line)) return false;
    return line.startsWith("-") || /:\/\/|@|file:|^[./~]/.test(line);
  });
}

function readIfExists(path: string): string | null {
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}

function digest(text: string | null): string | null {
  return text === null ? null : createHash("sha256").update(text).digest("hex");
}
