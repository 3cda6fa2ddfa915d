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
${load}
export default async (env) => {
  let config = base.default ?? {};
  if (typeof config === "function") config = await config(env);
  config = (await config) ?? {};
  const own = config.test?.setupFiles;
  const setupFiles = own === undefined ? [] : Array.isArray(own) ? own : [own];
  return { ...config, test: { ...config.test, setupFiles: [...setupFiles, ${JSON.stringify(setupFile)}] } };
};
`;
}
