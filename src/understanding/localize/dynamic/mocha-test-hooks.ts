// Per-test V8 coverage under mocha (8+): root hooks loaded with `--require`. Before each test the
// counters are reset (v8.takeCoverage writes what ran so far — module loading, hooks — where it
// stays, shared by every test); after it, what the test ran is written and moved to
// `tests/<pid>-<n>/` under NODE_V8_COVERAGE beside a meta.json with the test's full title and
// outcome (readV8Records in v8-coverage-lines.ts reads them).
export const mochaHooksSource = String.raw`// Written by xihe (dynamic localization): one V8 coverage file per mocha test.
"use strict";
const fs = require("fs");
const path = require("path");
const v8 = require("v8");
const dir = process.env.NODE_V8_COVERAGE;
const mine = "coverage-" + process.pid + "-";
let n = 0;
let taken = 0;

// What this process wrote since the last call. V8 names the file by the millisecond: two takes in
// the same one (a quick test) would write the same name, so each take's file is renamed at once
// ("t" and a count where V8 writes the time) and none is overwritten.
function take() {
  v8.takeCoverage();
  const fresh = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(mine) && /^[0-9]/.test(f.slice(mine.length)) && f.endsWith("-0.json"));
  return fresh.map((f) => {
    const to = mine + "t" + ++taken + "-0.json";
    fs.renameSync(path.join(dir, f), path.join(dir, to));
    return to;
  });
}

exports.mochaHooks = dir
  ? {
      beforeEach() {
        take();
      },
      afterEach() {
        const test = this.currentTest;
        const files = take();
        const out = path.join(dir, "tests", process.pid + "-" + ++n);
        fs.mkdirSync(out, { recursive: true });
        for (const f of files) fs.renameSync(path.join(dir, f), path.join(out, f));
        const meta = { id: test ? test.fullTitle() : "", failed: Boolean(test && test.state === "failed"), pid: process.pid };
        fs.writeFileSync(path.join(out, "meta.json"), JSON.stringify(meta));
      },
    }
  : {};
`;
