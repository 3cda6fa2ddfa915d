// npm run bench:workspace [-- --files N --runs N]: (1) time to prepare a workspace for a 2,000-file
// repository from a warm mirror (createWorkspaceFactory: shared clone + checkout at a SHA) against
// a plain `cp -r` of the same checkout incl. .git, with the ratio; (2) sandbox start-up overhead of
// `true`: direct spawn vs the bubblewrap runner (cgroup + prlimit + bwrap) vs the local runner;
// (3) the container runner (podman, image from scripts/build-sandbox-image.sh) against bubblewrap for
// `true` and for `npm test` of a generated 2,000-file project, as ratios measured in the same run.
// The corpus is real source: the first N .js files under this project's node_modules.
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { createBwrapSandbox } from "../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectContainerEngine } from "../src/workspace/sandbox/container-engine.ts";
import { createDockerSandbox } from "../src/workspace/sandbox/docker-sandbox.ts";
import { createLocalSandbox } from "../src/workspace/sandbox/local-sandbox.ts";
import type { Sandbox } from "../src/workspace/sandbox/sandbox.ts";
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
  if (bwrapSandbox) await benchContainer(bwrapSandbox, support, root);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

async function benchContainer(
  bwrapSandbox: Sandbox,
  support: ReturnType<typeof detectSandboxSupport>,
  root: string,
) {
  const engine = detectContainerEngine(
    { docker: support.docker, podman: support.podman ?? null, runc: support.runc ?? null },
    "podman",
  );
  if ("unavailable" in engine) {
    console.log(`container runner: not measured (${engine.unavailable})`);
    return;
  }
  const script = new URL("../scripts/build-sandbox-image.sh", import.meta.url).pathname;
  const image =
    execFileSync("bash", [script, engine.cli], { encoding: "utf8" }).trim().split("\n").at(-1) ?? "";
  const container = createDockerSandbox({
    root,
    engine,
    image,
    identity: support.identity,
    newId: randomUUID,
    now: Date.now,
  });
  const bw: number[] = [];
  const ct: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    bw.push(await time(() => bwrapSandbox.run(["true"])));
    ct.push(await time(() => container.run(["true"])));
  }
  console.log(
    `\`true\`: bwrap median ${median(bw).toFixed(0)} ms, container (${engine.kind}) median ${median(ct).toFixed(0)} ms, ratio container/bwrap ${(median(ct) / median(bw)).toFixed(2)}`,
  );
  // A 2,000-file project whose test script loads every file.
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ name: "bench", version: "1.0.0", scripts: { test: "node test.js" } }),
  );
  mkdirSync(join(root, "src"), { recursive: true });
  for (let i = 0; i < 2000; i += 1) writeFileSync(join(root, "src", `m${i}.js`), `module.exports = ${i};\n`);
  writeFileSync(
    join(root, "test.js"),
    'let s = 0; for (let i = 0; i < 2000; i++) s += require("./src/m" + i + ".js"); if (s !== 1999000) process.exit(1);\n',
  );
  const bwTest: number[] = [];
  const ctTest: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(runs / 3)); i += 1) {
    bwTest.push(await time(() => expectOk(bwrapSandbox.run(["npm", "test"]))));
    ctTest.push(await time(() => expectOk(container.run(["npm", "test"]))));
  }
  console.log(
    `2,000-file \`npm test\`: bwrap median ${median(bwTest).toFixed(0)} ms, container median ${median(ctTest).toFixed(0)} ms, ratio container/bwrap ${(median(ctTest) / median(bwTest)).toFixed(2)}`,
  );
}

async function expectOk(run: ReturnType<Sandbox["run"]>): Promise<void> {
  const result = await run;
  if (result.exitCode !== 0) throw new Error(`bench command failed: ${result.stderr}`);
}
