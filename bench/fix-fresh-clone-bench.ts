// npm run bench:fix [-- --runs N]: `xihe fix --repo DIR --no-llm` through bin/ on a fresh clone of
// examples/demo (eslint + prettier as devDependencies, a lockfile, no node_modules) that fails eslint
// and prettier --check. Its dependencies (eslint's whole tree, prettier) are this project's own
// installed copies packed with `npm pack` and served by a local registry speaking npm's protocol, so
// no outside registry is involved. Run 1 installs with an empty dependency cache; every later run is a
// new fresh clone of the same origin and restores the install from the cache. Prints wall times.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { flag, project } from "./bench-args.ts";
import {
  isolatedNpmEnv,
  packPackage,
  startFakeNpmRegistry,
  type PackedPackage,
} from "../test/workspace/support/fake-npm-registry.ts";

const runs = Number(flag("runs") ?? 2);
const scratch = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-bench-fix-"));

type Manifest = { name: string; version: string; dependencies?: Record<string, string> };

// Node's lookup: the nearest node_modules/<name> from `from` upwards.
function resolvePackage(name: string, from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/** Every installed package the demo's devDependencies reach, packed once per name@version. */
async function packDependencyTree(roots: string[]): Promise<PackedPackage[]> {
  const packs = join(scratch, "packs");
  mkdirSync(packs);
  const seen = new Set<string>();
  const packed: PackedPackage[] = [];
  const queue = roots.map((name) => ({ name, from: project }));
  while (queue.length > 0) {
    const { name, from } = queue.shift()!;
    const dir = resolvePackage(name, from);
    if (dir === null) throw new Error(`${name} is not installed below ${from}: run npm ci in the project`);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
    const id = `${manifest.name}@${manifest.version}`;
    if (seen.has(id)) continue;
    seen.add(id);
    packed.push(await packPackage(dir, packs));
    for (const dep of Object.keys(manifest.dependencies ?? {})) queue.push({ name: dep, from: dir });
  }
  return packed;
}

async function main(): Promise<void> {
  const demo = join(project, "examples", "demo");
  const devDependencies = Object.keys(
    (JSON.parse(readFileSync(join(demo, "package.json"), "utf8")) as { devDependencies: object })
      .devDependencies,
  );
  const packStarted = Date.now();
  const packed = await packDependencyTree(devDependencies);
  const registry = await startFakeNpmRegistry(packed);
  console.log(`packed ${packed.length} packages in ${((Date.now() - packStarted) / 1000).toFixed(1)} s`);
  const npmEnv = isolatedNpmEnv(registry.url, scratch);
  const origin = join(scratch, "origin");
  cpSync(demo, origin, { recursive: true });
  rmSync(join(origin, "package-lock.json"));
  await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: origin,
    env: npmEnv,
  });
  const git = (cwd: string, ...a: string[]) =>
    execFileSync("git", ["-c", "user.name=b", "-c", "user.email=b@example.invalid", ...a], { cwd });
  git(origin, "init", "-q", "-b", "main");
  git(origin, "add", "-A");
  git(origin, "commit", "-qm", "demo");
  try {
    for (let run = 1; run <= runs; run += 1) {
      const clone = join(scratch, `clone-${run}`);
      git(scratch, "clone", "-q", origin, clone);
      const started = Date.now();
      const result = await execa(
        process.execPath,
        [join(project, "bin", "xihe.js"), "fix", "--repo", clone, "--no-llm"],
        {
          reject: false,
          env: {
            XIHE_STORE: join(scratch, "xihe.db"),
            XIHE_WORK_DIR: join(scratch, "work"),
            npm_config_registry: registry.url,
            npm_config_userconfig: npmEnv.npm_config_userconfig,
          },
        },
      );
      const seconds = (Date.now() - started) / 1000;
      const line = (re: RegExp) => result.stdout.match(re)?.[0]?.trim() ?? "(missing)";
      console.log(
        `run ${run} (${run === 1 ? "empty cache" : "cached"}): ${seconds.toFixed(1)} s wall, exit ${result.exitCode}\n` +
          `  ${line(/^xihe fix .*$/m)}\n  ${line(/^Install .*$/m)}\n  ${line(/^ {2}\$ npm ci.*$/m)}\n` +
          `  ${line(/^ {2}dependency cache: .*$/m)}`,
      );
      if (result.exitCode !== 0) console.log(result.stdout, result.stderr);
    }
  } finally {
    await registry.close();
  }
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => rmSync(scratch, { recursive: true, force: true }));
