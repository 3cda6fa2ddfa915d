// Per-test V8 coverage under mocha (8+): root hooks loaded with `--require`. Before each test the
// counters are reset (what ran so far — module loading, hooks — is written where it stays, shared by
// every test); after it, what the test ran is written and moved to `tests/<pid>-...` under
// NODE_V8_COVERAGE beside a meta.json with the test's full title and outcome (the shared recorder,
// per-test-recorder.ts; readV8Records in v8-coverage-lines.ts reads them).
import { perTestRecorderSource } from "./per-test-recorder.ts";

export const mochaHooksSource = String.raw`// Written by xihe (dynamic localization): one V8 coverage file per mocha test.
"use strict";
${perTestRecorderSource}

exports.mochaHooks = xiheDir
  ? {
      beforeEach() {
        xiheBegin();
      },
      afterEach() {
        const test = this.currentTest;
        xiheEnd(test ? test.fullTitle() : "", Boolean(test && test.state === "failed"));
      },
    }
  : {};
`;
