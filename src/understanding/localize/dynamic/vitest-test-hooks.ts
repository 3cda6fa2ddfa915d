// Per-test V8 coverage under vitest: a setup file with beforeEach/afterEach hooks, added to the
// project's own `setupFiles` by a config that wraps the project's config (vitest has no command-line
// flag that adds a setup file; `--config` is ours, and it loads theirs, which vite bundles, .ts too).
import { perTestRecorderSource } from "./per-test-recorder.ts";

export const vitestSetupSource = String.raw`// Written by xihe (dynamic localization): one V8 coverage file per vitest test.
import { afterEach, beforeEach } from "vitest";
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
${perTestRecorderSource}

function xiheTitle(task) {
  if (task.fullName) return task.fullName;
  const names = [];
  for (let at = task; at; at = at.suite) names.unshift(at.name);
  return names.join(" > ");
}

if (xiheDir) {
  beforeEach(() => xiheBegin());
  afterEach((context) => {
    const task = context.task;
    const result = task.result ?? {};
    xiheEnd(xiheTitle(task), result.state === "fail" || (result.errors ?? []).length > 0);
  });
}
`;

/**
 * The wrapping config (an ES module in the coverage folder): the project's config (`baseImport`,
 * relative to the wrapper; null: none) with our setup file appended to its `test.setupFiles`.
 */
export function vitestConfigSource(baseImport: string | null, setupFile: string): string {
  const load =
    baseImport === null ? "const base = {};" : `import * as base from ${JSON.stringify(baseImport)};`;
  return `// Written by xihe (dynamic localization): the project's vitest config plus a per-test coverage hook.
import { Worker } from "node:worker_threads";
import { setFlagsFromString } from "node:v8";
${load}
${threadSafeExecArgvSource}
export default async (env) => {
  let config = base.default ?? {};
  if (typeof config === "function") config = await config(env);
  config = (await config) ?? {};
  const own = config.test?.setupFiles;
  const setupFiles = own === undefined ? [] : Array.isArray(own) ? own : [own];
  const test = { ...config.test, setupFiles: [...setupFiles, ${JSON.stringify(setupFile)}] };
  if (Array.isArray(test.execArgv)) test.execArgv = xiheThreadSafe(test.execArgv);
  const threads = test.poolOptions?.threads;
  if (Array.isArray(threads?.execArgv))
    test.poolOptions = { ...test.poolOptions, threads: { ...threads, execArgv: xiheThreadSafe(threads.execArgv) } };
  return { ...config, test };
};
`;
}

// The re-run uses vitest's threads pool (filtered-argv.ts), whose workers refuse V8 flags in their
// execArgv (ERR_WORKER_INVALID_EXEC_ARGV: a project's `execArgv: ["--expose-gc"]` made every run
// fail before a test ran). V8 flags are process-wide: set in this process before the workers start,
// the workers' isolates get them too (`gc` is defined in each). Flags a worker accepts stay per
// worker; one probe worker per flag finds which are refused.
const threadSafeExecArgvSource = String.raw`function xiheThreadSafe(argv) {
  return argv.filter((flag) => {
    try {
      new Worker("", { eval: true, execArgv: [flag] }).terminate();
      return true;
    } catch (err) {
      if (err?.code !== "ERR_WORKER_INVALID_EXEC_ARGV") throw err;
      setFlagsFromString(flag);
      return false;
    }
  });
}`;
