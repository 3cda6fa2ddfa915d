// Per-test V8 coverage under mocha (8+): root hooks loaded with `--require`. Before each test the
// counters are reset (v8.takeCoverage writes what ran so far, which is thrown away); after it, what
// the test ran is written and moved to `tests/<pid>-<n>/` under NODE_V8_COVERAGE beside a meta.json
// with the test's full title and outcome (v8-test-coverage.ts reads them).
export const mochaHooksSource = String.raw`// Written by xihe (dynamic localization): one V8 coverage file per mocha test.
"use strict";
const fs = require("fs");
const path = require("path");
const v8 = require("v8");
const dir = process.env.NODE_V8_COVERAGE;
const mine = "coverage-" + process.pid + "-";
let n = 0;

function take() {
  v8.takeCoverage();
  return fs.readdirSync(dir).filter((f) => f.startsWith(mine) && f.endsWith(".json"));
}

exports.mochaHooks = dir
  ? {
      beforeEach() {
        for (const f of take()) fs.rmSync(path.join(dir, f), { force: true });
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
