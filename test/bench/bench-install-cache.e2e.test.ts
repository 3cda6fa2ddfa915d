// Bench tasks of one project share its dependency-cache entries: a pack of two tasks of one
// repository (a real dependency, locked by npm against a local registry on 127.0.0.1), run by
// `xihe bench --no-llm`, installs through the registry proxy for the first task only; the second
// task gets its own copy from the cache, and both still reproduce their failure in the sandbox.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { benchRecord } from "../../src/bench/bench-record.ts";
import {
  packPackage,
  startFakeNpmRegistry,
  type FakeNpmRegistry,
} from "../workspace/support/fake-npm-registry.ts";
import { makeScratchDir, scratchDir } from "../support/scratch-dir.ts";
import { calcRepo, makeTestPack, type TestPack } from "./bench-pack-fixture.ts";

let registry: FakeNpmRegistry;
let scratch: ReturnType<typeof makeScratchDir>;
let pack: TestPack;
let out: string;

beforeAll(async () => {
  scratch = makeScratchDir("bench-cache");
  const pkg = join(scratch.dir, "tiny-pad");
  mkdirSync(pkg);
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "tiny-pad", version: "1.0.0" }));
  writeFileSync(join(pkg, "index.js"), "module.exports = (s, n) => String(s).padStart(n);\n");
  registry = await startFakeNpmRegistry([await packPackage(pkg, scratch.dir)]);
  const locked = join(scratch.dir, "locked");
  mkdirSync(locked);
  const manifest = { name: "calc", type: "module", dependencies: { "tiny-pad": "1.0.0" } };
  writeFileSync(join(locked, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  // Async: the registry answering npm lives in this process.
  await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: locked,
    env: { npm_config_registry: registry.url, npm_config_cache: join(scratch.dir, "npm") },
  });
  const files = {
    ...calcRepo,
    "package.json": readFileSync(join(locked, "package.json"), "utf8"),
    "package-lock.json": readFileSync(join(locked, "package-lock.json"), "utf8"),
    ".gitignore": "node_modules\n",
  };
  const subtracts = { "src/sum.js": "export function sum(a, b) {\n  return a - b;\n}\n" };
  pack = await makeTestPack(
    [
      { id: "first", broken: subtracts, failing: ["node --test test/sum.test.js"] },
      { id: "second", broken: subtracts, failing: ["node --test test/sum.test.js"] },
    ],
    files,
  );
  out = scratchDir("xihe-bench-cache-out-");
}, 120_000);
afterAll(async () => {
  await registry.close();
  pack.cleanup();
  scratch.remove();
  rmSync(out, { recursive: true, force: true });
});

it("installs a project's dependencies for its first task only; the next task restores them from the cache", async () => {
  const stderr: string[] = [];
  const io: CliIo = {
    stdout: () => {},
    stderr: (t) => stderr.push(t),
    readStdin: async () => "",
    env: {
      LOG_LEVEL: "silent",
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      XIHE_WORK_DIR: join(out, "work"),
      // The operator's npm config: the only place the install's registry comes from.
      npm_config_registry: registry.url,
      npm_config_userconfig: join(out, "no-user-npmrc"),
    },
    cwd: out,
    isTTY: false,
  };
  expect(await main(["bench", "--tasks", pack.dir, "--no-llm", "--out", "run"], io)).toBe(0);
  const records = readFileSync(join(out, "run", "results.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => benchRecord.parse(JSON.parse(line)));
  // Both are real tasks: the failure reproduced in the sandbox (not "invalid"), unsolved without a model.
  expect(records.map((r) => [r.taskId, r.outcome])).toEqual([
    ["first", "not_solved"],
    ["second", "not_solved"],
  ]);
  expect(registry.requests.filter((r) => r.endsWith(".tgz"))).toHaveLength(1);
}, 300_000);
