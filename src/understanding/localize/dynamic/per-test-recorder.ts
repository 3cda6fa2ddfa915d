// The part every per-test coverage hook shares (mocha, node:test, jest, vitest): `begin()` before a
// test writes what ran so far (module loading, hooks), where it stays as coverage outside the tests;
// `end(id, failed)` after it writes what the test ran and moves those files to
// `tests/<pid>-<thread>-<unique>/` under NODE_V8_COVERAGE beside a meta.json (readV8Records in
// v8-coverage-lines.ts reads them). A test that started others (a node:test parent) records nothing
// of its own: its code outside its subtests stays shared. Nothing here survives between test files
// (jest and vitest evaluate the hook once per file), so folder names are unique, not counted.
//
// A take is two per test. v8.takeCoverage() writes every script the process loaded (mocha and chai,
// jest's runtime, a TypeScript compiler: about a megabyte per take), which then has to be read back
// and slimmed. So only the first take of a thread goes that way (it also holds what ran before this
// hook loaded); the later ones ask V8 through an in-process inspector session
// (Profiler.takePreciseCoverage, the same counters, reset the same way) and write only the
// checkout's scripts. Where no session can be had (a Node built without the inspector), every take
// stays on v8.takeCoverage().
export const perTestRecorderSource = String.raw`
const xiheFs = require("fs");
const xihePath = require("path");
const xiheV8 = require("v8");
const xiheDir = process.env.NODE_V8_COVERAGE;
const xiheThread = (() => {
  try {
    return require("worker_threads").threadId;
  } catch {
    return 0;
  }
})();
// V8 names the files coverage-<pid>-<time>-<thread>.json: vitest's threads share a pid.
const xiheMine = "coverage-" + process.pid + "-";
const xiheOwnThread = "-" + xiheThread + ".json";
const xiheOpen = [];

// Each take writes every script the process loaded (jest's runtime, a TypeScript compiler: megabytes
// per test); only the checkout's own files are read later (v8-coverage-lines.ts), so the rest goes.
function xiheKeep(url) {
  return url.startsWith("file://") && !url.includes("/node_modules/");
}

function xiheSlim(file) {
  const full = xihePath.join(xiheDir, file);
  try {
    const data = JSON.parse(xiheFs.readFileSync(full, "utf8"));
    data.result = (data.result ?? []).filter((script) => xiheKeep(script.url));
    const maps = data["source-map-cache"];
    if (maps) for (const url of Object.keys(maps)) if (!xiheKeep(url)) delete maps[url];
    xiheFs.writeFileSync(full, JSON.stringify(data));
  } catch {
    // Unreadable or half-written: readV8Records skips what it cannot parse.
  }
}

let xiheTaken = 0;

function xiheFileName() {
  return xiheMine + "t" + ++xiheTaken + xiheOwnThread;
}

// V8's file name has millisecond resolution: two takes in the same millisecond (a test quicker than
// that) would write the same name, the second overwriting the first. Each take's file is renamed at
// once to a name of its own ("t" and a count where V8 writes the time), so nothing is overwritten.
function xiheTakeToDisk() {
  xiheV8.takeCoverage();
  const fresh = xiheFs
    .readdirSync(xiheDir)
    .filter((f) => f.startsWith(xiheMine) && /^[0-9]/.test(f.slice(xiheMine.length)) && f.endsWith(xiheOwnThread));
  return fresh.map((f) => {
    const taken = xiheFileName();
    xiheFs.renameSync(xihePath.join(xiheDir, f), xihePath.join(xiheDir, taken));
    xiheSlim(taken);
    return taken;
  });
}

function xihePost(session, method, params) {
  let failure = null;
  let answer = null;
  // An in-process session answers synchronously, inside post().
  session.post(method, params ?? {}, (err, result) => {
    failure = err;
    answer = result;
  });
  if (failure) throw failure;
  return answer;
}

// One session per thread, kept on the inspector module (the same object for every test file jest
// or vitest evaluates this hook for in that thread): a second session would restart precise
// coverage, and a dropped one would stop it for the whole isolate. undefined: not tried yet; null:
// none to be had.
const xiheSessionKey = Symbol.for("xihe.per-test-coverage-session");
const xiheInspector = (() => {
  try {
    return require("inspector");
  } catch {
    return null;
  }
})();

function xiheOpenSession() {
  try {
    const opened = new xiheInspector.Session();
    opened.connect();
    xihePost(opened, "Profiler.enable");
    // The mode NODE_V8_COVERAGE runs V8 in: block ranges with counts.
    xihePost(opened, "Profiler.startPreciseCoverage", { callCount: true, detailed: true });
    return opened;
  } catch {
    return null;
  }
}

function xiheTake() {
  if (xiheInspector === null) return xiheTakeToDisk();
  const session = xiheInspector[xiheSessionKey];
  // The thread's first take goes to disk: it holds what ran before the session existed.
  if (session === undefined) {
    const files = xiheTakeToDisk();
    xiheInspector[xiheSessionKey] = xiheOpenSession();
    return files;
  }
  if (session === null) return xiheTakeToDisk();
  let taken;
  try {
    taken = xihePost(session, "Profiler.takePreciseCoverage");
  } catch {
    return xiheTakeToDisk();
  }
  const file = xiheFileName();
  const result = (taken && taken.result ? taken.result : []).filter((script) => xiheKeep(script.url));
  xiheFs.writeFileSync(xihePath.join(xiheDir, file), JSON.stringify({ result }));
  return [file];
}

function xiheBegin() {
  if (xiheOpen.length > 0) xiheOpen[xiheOpen.length - 1].parent = true;
  xiheTake();
  xiheOpen.push({ parent: false });
}

function xiheEnd(id, failed) {
  const open = xiheOpen.pop();
  const files = xiheTake();
  if (!open || open.parent) return;
  const out = xihePath.join(
    xiheDir,
    "tests",
    process.pid + "-" + xiheThread + "-" + Date.now().toString(36) + Math.random().toString(36).slice(2, 8),
  );
  xiheFs.mkdirSync(out, { recursive: true });
  for (const f of files) xiheFs.renameSync(xihePath.join(xiheDir, f), xihePath.join(out, f));
  xiheFs.writeFileSync(xihePath.join(out, "meta.json"), JSON.stringify({ id, failed, pid: process.pid }));
}

// A begun test that did not run after all (jasmine starts a spec the name filter disabled): what the
// take holds stays outside the tests, as between tests.
function xiheDiscard() {
  xiheOpen.pop();
  xiheTake();
}
`;
