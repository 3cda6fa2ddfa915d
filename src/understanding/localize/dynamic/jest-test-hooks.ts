// Per-test V8 coverage under jest: a setupFilesAfterEnv module with beforeEach/afterEach hooks under
// jest-circus (the default runner since 27), a jasmine reporter under jest-jasmine2 (the default
// before 27, and `testRunner: "jasmine2"` after). `--setupFilesAfterEnv` on the command line would replace
// the project's own list, so a config of ours (`--config`) loads theirs and appends the hook. The
// outcome comes from jest-circus's state (the running test's errors, pushed before afterEach runs);
// jest-jasmine2 has no such state: its reporter's specStarted/specDone bracket each spec (its hooks
// included) and specDone carries the outcome. Under neither, no test is recorded and the run counts
// whole.
import { perTestRecorderSource } from "./per-test-recorder.ts";

export const jestSetupSource = String.raw`// Written by xihe (dynamic localization): one V8 coverage file per jest test.
"use strict";
${perTestRecorderSource}

function xiheCircus() {
  const symbol = Object.getOwnPropertySymbols(globalThis).find((s) => s.description === "JEST_STATE_SYMBOL");
  return symbol === undefined ? undefined : globalThis[symbol];
}

function xiheJasmineEnv() {
  const jasmine = globalThis.jasmine;
  return jasmine && typeof jasmine.getEnv === "function" ? jasmine.getEnv() : undefined;
}

if (xiheDir && xiheCircus()) {
  // Not the globals: a project with injectGlobals: false has none, and jest serves these to every setup file.
  const { beforeEach, afterEach, expect } = require("@jest/globals");
  beforeEach(() => xiheBegin());
  afterEach(() => {
    const test = xiheCircus().currentlyRunningTest;
    xiheEnd(expect.getState().currentTestName ?? "", Boolean(test && test.errors.length > 0));
  });
} else if (xiheDir && xiheJasmineEnv()) {
  xiheJasmineEnv().addReporter({
    specStarted: () => xiheBegin(),
    // A spec the name filter (-t) left out is started too, and done as "disabled": not a test that ran.
    specDone: (result) =>
      result.status === "passed" || result.status === "failed"
        ? xiheEnd(result.fullName ?? "", result.status === "failed")
        : xiheDiscard(),
  });
}
`;

/** Where the project's jest config is: a file (js, cjs, mjs, json), package.json's "jest" key, or none. */
export type JestBaseConfig =
  { kind: "file"; path: string } | { kind: "package"; path: string } | { kind: "none" };

/**
 * Our config (CommonJS, in the coverage folder): the project's, with its rootDir made absolute (a
 * config's rootDir defaults to its own folder) and the hook appended to setupFilesAfterEnv. A config
 * with `projects` keeps its lists (each project has its own) and only gets the absolute rootDir, so
 * its `<rootDir>` paths still name the checkout, not our folder.
 * Ours is a plain object whenever the project's loads synchronously (package.json, JSON, a CommonJS
 * object): jest before 26 takes a config module's export as the config itself, and a function there
 * is read as an empty config whose rootDir is our folder, so no test file is found and the failing
 * run "fails to start". Only a config that needs `import()` or is itself a function (which only jest
 * 26+ accepts anyway) makes ours the async function jest 26+ awaits.
 */
export function jestConfigSource(base: JestBaseConfig, root: string, setupFile: string): string {
  return `// Written by xihe (dynamic localization): the project's jest config plus a per-test coverage hook.
"use strict";
const fs = require("fs");
const path = require("path");
const { pathToFileURL } = require("url");
const base = ${JSON.stringify(base)};
const root = ${JSON.stringify(root)};
const setupFile = ${JSON.stringify(setupFile)};

// The project's config, or undefined when only import() can load it (an ES module).
function loadSync() {
  if (base.kind === "none") return {};
  if (base.kind === "package") return JSON.parse(fs.readFileSync(base.path, "utf8")).jest ?? {};
  if (base.path.endsWith(".json")) return JSON.parse(fs.readFileSync(base.path, "utf8"));
  if (base.path.endsWith(".mjs")) return undefined;
  try {
    const loaded = require(base.path);
    return loaded.default ?? loaded;
  } catch (error) {
    if (error && (error.code === "ERR_REQUIRE_ESM" || error.code === "ERR_REQUIRE_ASYNC_MODULE")) return undefined;
    throw error;
  }
}

async function loadAsync() {
  const loaded = await import(pathToFileURL(base.path).href);
  return loaded.default ?? loaded;
}

function withHook(config) {
  config = config ?? {};
  const from = base.kind === "none" ? root : path.dirname(base.path);
  if (config.projects) return { ...config, rootDir: path.resolve(from, config.rootDir ?? ".") };
  return {
    ...config,
    rootDir: path.resolve(from, config.rootDir ?? "."),
    setupFilesAfterEnv: [...(config.setupFilesAfterEnv ?? []), setupFile],
  };
}

const sync = loadSync();
module.exports =
  sync !== undefined && typeof sync !== "function" && typeof sync.then !== "function"
    ? withHook(sync)
    : async () => {
        let config = sync === undefined ? await loadAsync() : await sync;
        if (typeof config === "function") config = await config();
        return withHook(await config);
      };
`;
}
