import {
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { createCoverageFolder } from "../../../../src/understanding/localize/dynamic/coverage-folder.ts";
import { perTestArgv } from "../../../../src/understanding/localize/dynamic/per-test-argv.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

const projectModules = realpathSync(join(process.cwd(), "node_modules"));
let scratch: ReturnType<typeof makeScratchDir>;

/** Our argv run with the project's vitest under this node (argv[0] is the command's own `vitest`). */
function runVitest(root: string, argv: readonly string[], env: Record<string, string>) {
  return execa(process.execPath, [join(projectModules, "vitest", "vitest.mjs"), ...argv.slice(1)], {
    cwd: root,
    reject: false,
    all: true,
    env: { ...env, NO_COLOR: "1" },
  });
}
afterEach(() => scratch.remove());

function project(files: Record<string, string>): string {
  scratch = makeScratchDir("pertestargv");
  const root = join(scratch.dir, "repo");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("per-test hooks that keep the project's own settings", () => {
  it("vitest: our config loads the project's, whose setup file still runs, and records each test", async () => {
    const root = project({
      "package.json": `{ "name": "p", "type": "module" }\n`,
      "vitest.config.js": `export default { test: { setupFiles: ["./test/own-setup.js"] } };\n`,
      "test/own-setup.js": `globalThis.fromOwnSetup = 21;\n`,
      "src/lib.js": `export function half(n) {\n  return n / 2;\n}\n`,
      "test/lib.test.js": `import { expect, test } from "vitest";
import { half } from "../src/lib.js";
test("own setup ran", () => expect(globalThis.fromOwnSetup).toBe(21));
test("half of four", () => expect(half(4)).toBe(3));
`,
    });
    symlinkSync(projectModules, join(root, "node_modules"));
    const folder = createCoverageFolder(root, "0123456789ab");
    const { argv, hooked } = perTestArgv("vitest", ["vitest", "run", "--pool=threads"], folder, root);
    expect(hooked).toBe(true);
    expect(argv.slice(0, 3)).toEqual(["vitest", "run", "--pool=threads"]);
    expect(argv.slice(3)).toEqual(["--config", join(folder.dir, "xihe.vitest.config.mjs")]);
    const run = await runVitest(root, argv, folder.env);
    expect(run.all).toMatch(/1 failed \| 1 passed/);
    const testsDir = join(folder.dir, "v8", "tests");
    const metas = readdirSync(testsDir).map((d) =>
      JSON.parse(readFileSync(join(testsDir, d, "meta.json"), "utf8")),
    );
    expect(metas.map((m) => [m.id.replace(/^.*> /, ""), m.failed]).sort()).toEqual([
      ["half of four", true],
      ["own setup ran", false],
    ]);
  }, 120_000);

  it("vitest: a V8 flag in the project's execArgv still reaches the tests in the threads pool the re-run uses", async () => {
    const root = project({
      "package.json": `{ "name": "p", "type": "module" }\n`,
      // worker threads refuse V8 flags in execArgv; node's own flags they take
      "vitest.config.js": `export default { test: { execArgv: ["--expose-gc", "--no-warnings"] } };\n`,
      "test/gc.test.js": `import { expect, test } from "vitest";
test("gc is exposed", () => expect(typeof globalThis.gc).toBe("function"));
`,
    });
    symlinkSync(projectModules, join(root, "node_modules"));
    const folder = createCoverageFolder(root, "0123456789ab");
    const { argv } = perTestArgv("vitest", ["vitest", "run", "--pool=threads"], folder, root);
    const run = await runVitest(root, argv, folder.env);
    expect(run.all).toMatch(/1 passed/);
    expect(run.exitCode).toBe(0);
  }, 120_000);

  it("jest: our config is the project's (package.json key or a JS file) with rootDir kept and our hook appended", async () => {
    const root = project({
      "package.json": `{ "name": "p", "jest": { "roots": ["src"], "setupFilesAfterEnv": ["./own.js"] } }\n`,
      "sub/jest.config.cjs": `module.exports = async () => ({ rootDir: "..", testEnvironment: "node" });\n`,
      "jest.config.ts": `export default {};\n`,
    });
    const folder = createCoverageFolder(root, "0123456789ab");
    const load = async (argv: string[]) => {
      const { argv: out, hooked } = perTestArgv("jest", argv, folder, root);
      expect(hooked).toBe(true);
      const config = out.at(-1)!;
      const require = createRequire(import.meta.url);
      delete require.cache[config]; // the same path is rewritten for each command
      const required = require(config) as Record<string, unknown> | (() => Promise<Record<string, unknown>>);
      return { out, config: typeof required === "function" ? await required() : required, required };
    };
    // A TypeScript config is left alone: ours could not load it on every node; no hook is in the run.
    expect(perTestArgv("jest", ["npx", "jest", "-t", "x"], folder, root)).toEqual({
      argv: ["npx", "jest", "-t", "x"],
      hooked: false,
    });
    rmSync(join(root, "jest.config.ts"));
    const fromPackage = await load(["npx", "jest", "-t", "x"]);
    expect(fromPackage.out.slice(0, 4)).toEqual(["npx", "jest", "-t", "x"]);
    // Loaded without import(): a plain object, which jest before 26 needs (it calls no function).
    expect(typeof fromPackage.required).toBe("object");
    expect(fromPackage.config).toEqual({
      roots: ["src"],
      rootDir: root,
      setupFilesAfterEnv: ["./own.js", folder.jestSetup],
    });
    const fromFile = await load(["jest", "--config", "sub/jest.config.cjs", "-t", "x"]);
    expect(fromFile.out.slice(0, 3)).toEqual(["jest", "-t", "x"]);
    // The project's own config is a function: ours stays one too, for jest 26+ to call.
    expect(typeof fromFile.required).toBe("function");
    expect(fromFile.config).toEqual({
      rootDir: root,
      testEnvironment: "node",
      setupFilesAfterEnv: [folder.jestSetup],
    });
    // A config given as a JSON string stays as it is.
    const inline = ["jest", "--config", `{"roots":["src"]}`];
    expect(perTestArgv("jest", inline, folder, root)).toEqual({ argv: inline, hooked: false });
  });

  it("node:test: the preload goes right after node, so node passes it on to each test file's process", () => {
    const root = project({ "package.json": "{}\n" });
    const folder = createCoverageFolder(root, "0123456789ab");
    expect(perTestArgv("node_test", ["node", "--test", "--test-name-pattern", "x"], folder, root)).toEqual({
      argv: ["node", "--require", folder.nodeTestHooks, "--test", "--test-name-pattern", "x"],
      hooked: true,
    });
    // tap has no hook: one execution per run, and no hook to ask which tests ran.
    expect(perTestArgv("tap", ["tap", "t.js"], folder, root)).toEqual({
      argv: ["tap", "t.js"],
      hooked: false,
    });
  });
});
