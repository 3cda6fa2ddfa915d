// The folder one dynamic localization writes coverage to: inside the workspace (the sandbox's only
// writable bind, at the same path on the host), named so the sandbox env allow-list recognises it,
// holding the Python tracer under py/ and V8's files under v8/. Emptied between runs, removed after.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { jestSetupSource } from "./jest-test-hooks.ts";
import { mochaHooksSource } from "./mocha-test-hooks.ts";
import { nodeTestHooksSource } from "./node-test-hooks.ts";
import { pytestPluginSource, pythonTracerSource } from "./python-line-tracer.ts";
import { vitestSetupSource } from "./vitest-test-hooks.ts";

export interface CoverageFolder {
  dir: string;
  /** mocha root hooks writing one coverage file per test (`--require` it). */
  mochaHooks: string;
  /** node:test root hooks (`node --require` it). */
  nodeTestHooks: string;
  /** jest setupFilesAfterEnv module and vitest setup file, added by a config wrapping the project's. */
  jestSetup: string;
  vitestSetup: string;
  env: Record<string, string>;
  /** Removes the files the last run wrote. */
  clear(): void;
  remove(): void;
}

/** `pythonPath`: the test command's own PYTHONPATH entries, kept by the tracer (root-relative). */
export function createCoverageFolder(
  root: string,
  hexId: string,
  pythonPath: readonly string[] = [],
): CoverageFolder {
  const dir = join(root, `.xihe-coverage-${hexId}`);
  const v8 = join(dir, "v8");
  const py = join(dir, "py");
  mkdirSync(v8, { recursive: true });
  mkdirSync(py, { recursive: true });
  writeFileSync(join(py, "sitecustomize.py"), pythonTracerSource);
  writeFileSync(join(py, "xihe_pytest_plugin.py"), pytestPluginSource);
  writeFileSync(join(py, "xihe-path.txt"), pythonPath.join("\n"));
  const mochaHooks = join(dir, "xihe-mocha-hooks.cjs");
  writeFileSync(mochaHooks, mochaHooksSource);
  const hooks = {
    nodeTestHooks: join(dir, "xihe-node-test-hooks.cjs"),
    jestSetup: join(dir, "xihe-jest-setup.cjs"),
    vitestSetup: join(dir, "xihe-vitest-setup.mjs"),
  };
  writeFileSync(hooks.nodeTestHooks, nodeTestHooksSource);
  writeFileSync(hooks.jestSetup, jestSetupSource);
  writeFileSync(hooks.vitestSetup, vitestSetupSource);
  return {
    dir,
    mochaHooks,
    ...hooks,
    env: { NODE_V8_COVERAGE: v8, PYTHONPATH: py },
    clear() {
      rmSync(v8, { recursive: true, force: true });
      mkdirSync(v8, { recursive: true });
      for (const name of readdirSync(dir))
        if (name.endsWith(".json")) rmSync(join(dir, name), { force: true });
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
