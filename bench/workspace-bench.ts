// npm run bench:workspace [-- --files N --runs N]: (1) time to prepare a workspace for a 2,000-file
// repository from a warm mirror (createWorkspaceFactory: shared clone + checkout at a SHA) against
// a plain `cp -r` of the same checkout incl. .git, with the ratio; (2) sandbox start-up overhead of
// `true`: direct spawn vs the bubblewrap runner (cgroup + prlimit + bwrap) vs the local runner.
// The container runner against bubblewrap is bench:sandbox (bench/sandbox-bench.ts).
// The corpus is real source: the first N .js files under this project's node_modules.
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { createBwrapSandbox } from "../src/workspace/sandbox/bwrap-sandbox.ts";
import { createLocalSandbox } from "../src/workspace/sandbox/local-sandbox.ts";
import { detectSandboxSupport } from "../src/workspace/sandbox/sandbox-support.ts";
import { createWorkspaceFactory } from "../src/workspace/workspace-factory.ts";

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
const fileCount = option("--files", 2000);
const runs = option("--runs", 10);
const base = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
const scratch = mkdtempSync(join(base, "xihe-bench-ws-"));

function listJs(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (out.length >= fileCount) break;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listJs(path, out);
    else if (entry.isFile() && entry.name.endsWith(".js") && statSync(path).size < 256 * 1024) out.push(path);
  }
  return out;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const time = async (fn: () => unknown): Promise<number> => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};
const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: "b",
  GIT_AUTHOR_EMAIL: "b@b",
  GIT_COMMITTER_NAME: "b",
  GIT_COMMITTER_EMAIL: "b@b",
};

try {
  const src = join(scratch, "src");
  const nodeModules = join(process.cwd(), "node_modules");
  const files = listJs(nodeModules, []);
  for (const file of files) {
    const target = join(src, relative(nodeModules, file).replace(/node_modules/g, "nm"));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  execFileSync("git", ["init", "-q", "-b", "main", src]);
  execFileSync("git", ["add", "-A"], { cwd: src });
  execFileSync("git", ["commit", "-qm", "corpus"], { cwd: src, env: gitEnv });
  const sha = execFileSync("git", ["rev-parse", "HEAD"], { cwd: src, encoding: "utf8" }).trim();
  const size = execFileSync("du", ["-sh", src], { encoding: "utf8" }).split("\t")[0];
  console.log(`corpus: ${files.length} files, ${size} incl. .git, in ${base}`);

  const factory = createWorkspaceFactory({
    workDir: join(scratch, "work"),
    workspacesDir: join(scratch, "workspaces"),
    newId: randomUUID,
    minFreeMb: 64,
  });
  const request = { cloneUrl: `file://${src}`, sha };
  const cold = await time(async () => (await factory.prepareWorkspace(request)).dispose());
  const prepare: number[] = [];
  const dispose: number[] = [];
  const copy: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let ws: Awaited<ReturnType<typeof factory.prepareWorkspace>> | undefined;
    prepare.push(await time(async () => (ws = await factory.prepareWorkspace(request))));
    dispose.push(await time(() => ws?.dispose()));
    const dest = join(scratch, `cp-${i}`);
    copy.push(await time(() => execFileSync("cp", ["-r", src, dest])));
    rmSync(dest, { recursive: true, force: true });
  }
  console.log(`workspace, first run (mirror clone + checkout): ${cold.toFixed(0)} ms`);
  console.log(
    `workspace from warm mirror: median ${median(prepare).toFixed(0)} ms over ${runs} runs (dispose ${median(dispose).toFixed(0)} ms)`,
  );
  console.log(`cp -r of the same checkout incl. .git: median ${median(copy).toFixed(0)} ms`);
  console.log(`ratio workspace / cp -r: ${(median(prepare) / median(copy)).toFixed(2)}`);

  const support = detectSandboxSupport(randomUUID());
  console.log(`sandbox support: ${support.notes.join("; ")}`);
  const root = join(scratch, "sandbox-root");
  mkdirSync(root);
  const deps = { root, support, newId: randomUUID, now: Date.now };
  const direct: number[] = [];
  const bwrap: number[] = [];
  const local: number[] = [];
  const bwrapSandbox = support.bwrap ? createBwrapSandbox(deps) : null;
  const localSandbox = createLocalSandbox(deps);
  for (let i = 0; i < runs * 2; i += 1) {
    direct.push(await time(() => spawnSync("true")));
    if (bwrapSandbox) bwrap.push(await time(() => bwrapSandbox.run(["true"])));
    local.push(await time(() => localSandbox.run(["true"])));
  }
  console.log(`\`true\` direct spawn: median ${median(direct).toFixed(1)} ms over ${direct.length} runs`);
  if (bwrapSandbox)
    console.log(
      `\`true\` in the bwrap runner: median ${median(bwrap).toFixed(1)} ms (overhead ${(median(bwrap) - median(direct)).toFixed(1)} ms)`,
    );
  console.log(
    `\`true\` in the local runner: median ${median(local).toFixed(1)} ms (overhead ${(median(local) - median(direct)).toFixed(1)} ms)`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
