// npm run bench:install [-- --packages N --runs N]: the install phase on a real small project — N
// dependency-free packages from this project's node_modules plus prettier, packed with `npm pack` and
// served by a local registry that speaks npm's protocol — through the registry proxy in bubblewrap:
// the first install (empty dependency cache, real `npm ci`) against the second on the unchanged
// lockfile (restored from the cache), each on a fresh copy of the checkout. Target: >= 5x.
import { randomUUID } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { runInstallPhase, type InstallEvidence } from "../src/workspace/install/run-install-phase.ts";
import { createBwrapSandbox } from "../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../src/workspace/sandbox/sandbox-support.ts";
import {
  packPackage,
  startFakeNpmRegistry,
  type PackedPackage,
} from "../test/workspace/support/fake-npm-registry.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const packageCount = option("--packages", 20);
const runs = option("--runs", 3);
const scratch = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-bench-install-"));

type Manifest = {
  name?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
};

// Packages that install alone: no dependencies, no install or pack scripts, an unscoped name.
function pickPackages(): string[] {
  const names = readdirSync("node_modules").filter((n) => !n.startsWith(".") && !n.startsWith("@"));
  const fit = names.filter((n) => {
    const path = join("node_modules", n, "package.json");
    if (!existsSync(path)) return false;
    const m = JSON.parse(readFileSync(path, "utf8")) as Manifest;
    return (
      m.name === n &&
      Object.keys({ ...m.dependencies, ...m.peerDependencies }).length === 0 &&
      !["install", "postinstall", "prepack", "prepare", "postpack"].some((s) => m.scripts?.[s])
    );
  });
  return [...new Set(["prettier", ...fit.slice(0, packageCount)])];
}

async function main(): Promise<void> {
  const support = detectSandboxSupport(randomUUID());
  const packs = join(scratch, "packs");
  mkdirSync(packs);
  const packed: PackedPackage[] = [];
  for (const name of pickPackages())
    packed.push(await packPackage(join(process.cwd(), "node_modules", name), packs));
  const registry = await startFakeNpmRegistry(packed);
  const project = join(scratch, "project");
  mkdirSync(project);
  const dependencies = Object.fromEntries(packed.map((p) => [p.name, p.version]));
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "app", version: "1.0.0", dependencies }),
  );
  await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: project,
    env: { npm_config_registry: registry.url, npm_config_cache: join(scratch, "npm-cache") },
  });
  const install = async (
    cacheDir: string,
    name: string,
  ): Promise<{ ms: number; evidence: InstallEvidence }> => {
    const root = join(scratch, name);
    cpSync(project, root, { recursive: true });
    const proxyDir = join(scratch, `${name}-proxy`);
    mkdirSync(proxyDir);
    chmodSync(proxyDir, 0o755);
    const sandbox = createBwrapSandbox({
      root,
      support,
      newId: randomUUID,
      now: Date.now,
      readOnlyDirs: [proxyDir],
    });
    const started = performance.now();
    const evidence = await runInstallPhase(
      {
        sandbox,
        proxyDir,
        registries: async () => ({ allowedUrls: [registry.url], npmRegistry: registry.url }),
        cache: { dir: cacheDir, scope: "bench" },
      },
      { allowScripts: false, timeoutMs: 300_000 },
    );
    const ms = performance.now() - started;
    rmSync(root, { recursive: true, force: true });
    if (evidence.status !== "installed") throw new Error(`install ${name} failed: ${evidence.reason}`);
    return { ms, evidence };
  };
  console.log(`project: ${packed.length} packages (${(sumBytes(packed) / 1e6).toFixed(1)} MB of tarballs)`);
  const ratios: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const cacheDir = join(scratch, `cache-${run}`);
    const first = await install(cacheDir, `first-${run}`);
    const tarballs = registry.requests.filter((r) => r.endsWith(".tgz")).length;
    registry.requests.length = 0;
    const second = await install(cacheDir, `second-${run}`);
    const again = registry.requests.length;
    registry.requests.length = 0;
    ratios.push(first.ms / second.ms);
    console.log(
      `run ${run}: first ${first.ms.toFixed(0)} ms (cache ${first.evidence.cache.status}, ${tarballs} tarballs)  ` +
        `second ${second.ms.toFixed(0)} ms (cache ${second.evidence.cache.status}, ${again} registry requests)  ` +
        `ratio ${(first.ms / second.ms).toFixed(1)}x`,
    );
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] ?? 0;
  console.log(`median ratio first/second: ${median.toFixed(1)}x (target >= 5x)`);
  await registry.close();
  if (median < 5) process.exitCode = 1;
}

function sumBytes(packed: readonly PackedPackage[]): number {
  return packed.reduce((n, p) => n + p.tarball.length, 0);
}

try {
  await main();
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
