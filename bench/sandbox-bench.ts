// npm run bench:sandbox [-- --runs N --files N]: start-up overhead of the container runner (podman +
// runc, the image of `npm run sandbox:image`) against bubblewrap, measured in the same run with the
// runs interleaved: `true`, and `npm test` over a generated project of N files (default 2,000: half
// modules, half test files, run by a tiny runner that requires every test file). Prints medians over
// N repetitions (default 10) and the ratios container/bwrap; a direct spawn of each gives the floor.
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBwrapSandbox } from "../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectContainerEngine } from "../src/workspace/sandbox/container-engine.ts";
import { createDockerSandbox } from "../src/workspace/sandbox/docker-sandbox.ts";
import type { Sandbox } from "../src/workspace/sandbox/sandbox.ts";
import { detectSandboxSupport } from "../src/workspace/sandbox/sandbox-support.ts";
import { flag, project } from "./bench-args.ts";

const runs = Number(flag("runs") ?? 10);
const fileCount = Number(flag("files") ?? 2000);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(fileCount) || fileCount < 2)
  throw new Error("usage: npm run bench:sandbox -- [--runs N>=1] [--files N>=2]");

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const time = async (fn: () => unknown): Promise<number> => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

async function ok(run: Promise<{ exitCode: number | null; stderr: string; stdout: string }>): Promise<void> {
  const result = await run;
  if (result.exitCode !== 0) throw new Error(`bench command failed: ${result.stdout}${result.stderr}`);
}

// A project whose `npm test` loads every file: modules src/mI.js and tests test/mI.test.js.
function writeProject(root: string, files: number): void {
  const modules = Math.floor(files / 2);
  mkdirSync(join(root, "src"));
  mkdirSync(join(root, "test"));
  const pkg = {
    name: "bench-project",
    version: "1.0.0",
    private: true,
    scripts: { test: "node run-tests.js" },
  };
  writeFileSync(join(root, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  for (let i = 0; i < modules; i += 1) {
    writeFileSync(join(root, "src", `m${i}.js`), `module.exports = (x) => x * ${i};\n`);
    writeFileSync(
      join(root, "test", `m${i}.test.js`),
      `const assert = require("node:assert");\nassert.strictEqual(require("../src/m${i}.js")(2), ${2 * i});\n`,
    );
  }
  writeFileSync(
    join(root, "run-tests.js"),
    'const fs = require("node:fs");\nlet n = 0;\n' +
      'for (const f of fs.readdirSync(__dirname + "/test")) { require("./test/" + f); n += 1; }\n' +
      "console.log(`${n} tests passed`);\n",
  );
}

const base = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
const scratch = mkdtempSync(join(base, "xihe-bench-sandbox-"));
try {
  const support = detectSandboxSupport(randomUUID());
  if (support.bwrap === null) throw new Error(`bubblewrap is needed: ${support.notes.join("; ")}`);
  const engine = detectContainerEngine(
    { docker: support.docker, podman: support.podman ?? null, runc: support.runc ?? null },
    process.env.XIHE_CONTAINER_CLI,
  );
  if ("unavailable" in engine) throw new Error(`a container engine is needed: ${engine.unavailable}`);
  const image =
    execFileSync("bash", [join(project, "scripts/build-sandbox-image.sh"), engine.cli], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    })
      .trim()
      .split("\n")
      .at(-1) ?? "";
  const root = join(scratch, "project");
  mkdirSync(root);
  writeProject(root, fileCount);
  const common = { root, newId: randomUUID, now: Date.now };
  const bwrap: Sandbox = createBwrapSandbox({ ...common, support });
  const container: Sandbox = createDockerSandbox({ ...common, engine, image, identity: support.identity });
  console.log(`host: ${support.notes.join("; ")}`);
  console.log(`container engine: ${engine.cli} ${engine.globalArgs.join(" ")}; image ${image.slice(0, 12)}`);
  console.log(`project: ${fileCount} files in ${base}; ${runs} runs each, interleaved, median`);

  // Warm-up: the first container run pays for the image's layer setup, the first sweep, page cache.
  await ok(bwrap.run(["true"]));
  await ok(container.run(["true"]));
  const samples = { direct: [] as number[], bwrap: [] as number[], container: [] as number[] };
  const tests = { direct: [] as number[], bwrap: [] as number[], container: [] as number[] };
  for (let i = 0; i < runs; i += 1) {
    samples.direct.push(await time(() => spawnSync("true")));
    samples.bwrap.push(await time(() => ok(bwrap.run(["true"]))));
    samples.container.push(await time(() => ok(container.run(["true"]))));
  }
  for (let i = 0; i < runs; i += 1) {
    tests.direct.push(
      await time(() => {
        const r = spawnSync("npm", ["test", "--silent"], { cwd: root });
        if (r.status !== 0) throw new Error(`npm test failed directly: ${String(r.stderr)}`);
      }),
    );
    tests.bwrap.push(await time(() => ok(bwrap.run(["npm", "test", "--silent"], { timeoutMs: 120_000 }))));
    tests.container.push(
      await time(() => ok(container.run(["npm", "test", "--silent"], { timeoutMs: 120_000 }))),
    );
  }
  const line = (label: string, m: typeof samples): void => {
    const [d, b, c] = [median(m.direct), median(m.bwrap), median(m.container)];
    console.log(
      `${label}: direct ${d.toFixed(0)} ms, bwrap ${b.toFixed(0)} ms, container ${c.toFixed(0)} ms; ` +
        `ratio container/bwrap ${(c / b).toFixed(2)}; overhead over direct: bwrap +${(b - d).toFixed(0)} ms, ` +
        `container +${(c - d).toFixed(0)} ms`,
    );
  };
  line("`true`", samples);
  line(`\`npm test\` (${fileCount} files)`, tests);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
