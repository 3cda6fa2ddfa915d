// `xihe upgrade` through bin/ against a local npm registry on 127.0.0.1 that speaks the real
// protocol (packuments, dist-tags, tarballs made by `npm pack` from tiny packages written here):
// a project with a lockfile and a real test runner (node --test). A minor update that passes; a
// major that renames a function, breaks the tests and is migrated by a scripted model; a
// deprecated version that is never chosen; and the upgraded branch green in a clean clone with npm ci.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  packPackage,
  startFakeNpmRegistry,
  isolatedNpmEnv,
  type FakeNpmRegistry,
  type PackedPackage,
} from "../workspace/support/fake-npm-registry.ts";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../agent/support/scripted-model-server.ts";

let scratch: ReturnType<typeof makeScratchDir>;
let registry: FakeNpmRegistry;
const served: PackedPackage[] = [];

async function pack(
  name: string,
  version: string,
  main: string,
  extra: Record<string, unknown> = {},
  files: Record<string, string> = {},
) {
  const dir = join(scratch.dir, "src", `${name}-${version}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version, main: "index.js", ...extra }));
  writeFileSync(join(dir, "index.js"), main);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return packPackage(dir, join(scratch.dir, "packs"));
}

beforeAll(async () => {
  scratch = makeScratchDir("upgrade");
  mkdirSync(join(scratch.dir, "packs"));
  registry = await startFakeNpmRegistry(served);
  served.push(
    await pack("greet", "1.0.0", 'exports.hello = (n) => "hello " + n;\n'),
    await pack("padder", "1.0.0", 'module.exports = (s, n) => String(s).padStart(n, " ");\n'),
  );
}, 120_000);
afterAll(async () => {
  await registry.close();
  scratch.remove();
});

const npmEnv = () => isolatedNpmEnv(registry.url, scratch.dir);

/** The user's checkout: lockfile made against the registry while only the 1.0.0 versions exist. */
async function userCheckout(): Promise<string> {
  const root = join(scratch.dir, "project");
  mkdirSync(join(root, "test"), { recursive: true });
  mkdirSync(join(root, ".github"));
  const manifest = {
    name: "app",
    version: "1.0.0",
    private: true,
    scripts: { test: "node --test" },
    dependencies: { greet: "^1.0.0", padder: "^1.0.0" },
  };
  writeFileSync(join(root, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(root, ".gitignore"), "node_modules\n");
  writeFileSync(join(root, ".github", "xihe.yml"), 'commands:\n  test: ["node --test"]\n');
  writeFileSync(
    join(root, "index.js"),
    'const greet = require("greet");\nconst pad = require("padder");\nexports.welcome = (n) => pad(greet.hello(n), 12);\n',
  );
  writeFileSync(
    join(root, "test", "welcome.test.js"),
    'const assert = require("node:assert/strict");\nconst { test } = require("node:test");\nconst { welcome } = require("../index.js");\ntest("welcomes", () => assert.equal(welcome("ann"), "   hello ann"));\n',
  );
  await execa("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: root,
    env: npmEnv(),
  });
  const git = (...args: string[]) => execa("git", args, { cwd: root });
  await git("init", "-q", "-b", "main");
  await git("add", "-A");
  await git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "init");
  return root;
}

function xihe(args: string[], env: Record<string, string> = {}) {
  return execa(process.execPath, ["bin/xihe.js", "upgrade", ...args], {
    reject: false,
    env: {
      XIHE_STORE: join(scratch.dir, "xihe.db"),
      XIHE_WORK_DIR: join(scratch.dir, "work"),
      ...npmEnv(),
      ...env,
    },
  });
}

// The model's recorded turns: read the failing code, rename the call, finish.
function migrationTurns() {
  const turn = (id: string, calls: Array<[string, Record<string, unknown>]>) => ({
    body: {
      id,
      object: "chat.completion",
      created: 1764676801,
      model: "m",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: null,
            tool_calls: calls.map(([name, args], i) => ({
              id: `${id}_${i}`,
              type: "function",
              function: { name, arguments: JSON.stringify(args) },
            })),
          },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 900, completion_tokens: 60, total_tokens: 960 },
    },
  });
  return [
    turn("c1", [
      ["edit_file", { path: "index.js", old: "greet.hello(n)", new: "greet.greet(n)" }],
      ["finish", { summary: "greet 2 renamed hello to greet; updated the call site", confidence: 0.9 }],
    ]),
  ];
}

describe("xihe upgrade against a local npm registry", () => {
  let model: ScriptedModelServer;
  it("groups the in-range update, migrates the breaking major, skips the deprecated version, and leaves the user's branch alone", async () => {
    const root = await userCheckout();
    served.push(
      await pack("padder", "1.1.0", 'module.exports = (s, n) => String(s).padStart(n, " ");\n'),
      await pack("padder", "1.2.0", "module.exports = () => { throw new Error('broken'); };\n", {
        deprecated: "1.2.0 is broken; use 1.1.0",
      }),
      await pack(
        "greet",
        "2.0.0",
        'exports.greet = (n) => "hello " + n;\n',
        {},
        {
          "CHANGELOG.md":
            "# Changelog\n\n## 2.0.0\n\n- BREAKING: `hello` is renamed to `greet`.\n\n## 1.0.0\n\n- First release.\n",
        },
      ),
    );
    const dry = await xihe(["--repo", root, "--dry-run", "--major", "--json"]);
    expect(dry.stderr).toBe("");
    expect(dry.exitCode).toBe(0);
    const plan = (
      JSON.parse(dry.stdout) as {
        plan: { groups: Array<{ id: string; updates: Array<{ name: string; to: string }> }> };
      }
    ).plan;
    expect(plan.groups.map((g) => [g.id, g.updates.map((u) => `${u.name}@${u.to}`)])).toEqual([
      ["minor-patch", ["padder@1.1.0"]],
      ["greet-2", ["greet@2.0.0"]],
    ]);
    // Release notes and impact, no model: the crossed changelog's breaking line, and the call site
    // of the renamed function flagged because the changelog names it.
    const notes = (JSON.parse(dry.stdout) as { notes: Array<Record<string, unknown>> }).notes;
    expect(notes.find((n) => n.name === "greet")).toMatchObject({
      changelog: { versions: ["2.0.0"], breaking: ["BREAKING: `hello` is renamed to `greet`."] },
      uses: {
        imports: ["index.js:1"],
        symbols: [{ symbol: "hello", mentioned: true, sites: ["index.js:3"] }],
      },
    });
    const text = await xihe(["--repo", root, "--dry-run", "--major"]);
    expect(text.stdout).toContain(
      "    greet 1.0.0 -> 2.0.0 (major; ^1.0.0 -> ^2.0.0)\n      changelog: 2.0.0\n        ! BREAKING: `hello` is renamed to `greet`.\n      imported at: index.js:1\n      ! hello (named in the changelog): index.js:3",
    );
    expect(text.stdout).toContain("      changelog: none (padder@1.1.0 ships no changelog file)\n");

    model = await startScriptedModelServer(migrationTurns());
    const run = await xihe(["--repo", root, "--major"], {
      XIHE_MODEL_BASE_URL: model.baseURL,
      XIHE_MODEL: "m",
      XIHE_MODEL_API_KEY: "test-key",
    });
    await model.close();
    console.log(run.stdout, run.stderr);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^xihe\/deps\/minor-patch: VERIFIED/m);
    expect(run.stdout).toMatch(/^xihe\/deps\/greet-2: MIGRATED/m);
    const git = async (...args: string[]) => (await execa("git", args, { cwd: root })).stdout;
    expect(await git("rev-parse", "--abbrev-ref", "HEAD")).toBe("main");
    expect(await git("status", "--porcelain")).toBe("");
    // The bump and the migration are separate commits; the bump touches only manifest and lockfile.
    const log = (await git("log", "--format=%s", "main..xihe/deps/greet-2")).split("\n");
    expect(log).toHaveLength(2);
    expect(log[1]).toBe("Bump greet from 1.0.0 to 2.0.0");
    const bumpFiles = await git("show", "--name-only", "--format=", "xihe/deps/greet-2~1");
    expect(bumpFiles.split("\n").sort()).toEqual(["package-lock.json", "package.json"]);
    expect(await git("show", "xihe/deps/greet-2:index.js")).toContain("greet.greet(n)");
    expect(await git("show", "xihe/deps/minor-patch:package.json")).toContain('"padder": "^1.1.0"');
    expect(await git("show", "xihe/deps/minor-patch:package-lock.json")).toContain("padder-1.1.0.tgz");

    // Green in a clean clone with npm ci.
    const clean = join(scratch.dir, "clean");
    await execa("git", ["clone", "-q", "-b", "xihe/deps/greet-2", root, clean]);
    await execa("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: clean, env: npmEnv() });
    const tests = await execa("npm", ["test"], { cwd: clean, reject: false });
    expect(tests.exitCode).toBe(0);
  }, 600_000);
});
