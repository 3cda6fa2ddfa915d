// The part every per-test coverage hook shares (node:test, jest, vitest): `begin()` before a test
// writes what ran so far (module loading, hooks) with v8.takeCoverage, where it stays as coverage
// outside the tests; `end(id, failed)` after it writes what the test ran and moves those files to
// `tests/<pid>-<thread>-<unique>/` under NODE_V8_COVERAGE beside a meta.json (readV8Records in
// v8-coverage-lines.ts reads them). A test that started others (a node:test parent) records nothing
// of its own: its code outside its subtests stays shared. Nothing here survives between test files
// (jest and vitest evaluate the hook once per file), so folder names are unique, not counted.
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

// V8's file name has millisecond resolution: two takes in the same millisecond (a test quicker than
// that) would write the same name, the second overwriting the first. Each take's file is renamed at
// once to a name of its own ("t" and a count where V8 writes the time), so nothing is overwritten.
function xiheTake() {
  xiheV8.takeCoverage();
  const fresh = xiheFs
    .readdirSync(xiheDir)
    .filter((f) => f.startsWith(xiheMine) && /^[0-9]/.test(f.slice(xiheMine.length)) && f.endsWith(xiheOwnThread));
  return fresh.map((f) => {
    const taken = xiheMine + "t" + ++xiheTaken + xiheOwnThread;
    xiheFs.renameSync(xihePath.join(xiheDir, f), xihePath.join(xiheDir, taken));
    xiheSlim(taken);
    return taken;
  });
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
`;
