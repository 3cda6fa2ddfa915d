// Per-test V8 coverage under tape: a module the tape command loads first (`tape -r HOOK`) wraps
// `Test.prototype.emit` of the project's tape (lib/test.js, tape 4 and 5 alike), so the shared
// recorder (per-test-recorder.ts) takes coverage when a test emits `prerun` (its start) and `end`. tape
// runs one test at a time, and a subtest starts before its parent ends (the parent then records
// nothing of its own). Nothing of the harness is touched: creating it early (`getHarness`,
// `createStream`) would start tape 5's runner before the bin's `wait()` and print an empty plan,
// and another stream would change what it prints. A tape older than `-r` takes the hook as the
// first test file, which loads it before the others all the same.
import { perTestRecorderSource } from "./per-test-recorder.ts";

export const tapeHooksSource = String.raw`// Written by xihe (dynamic localization): one V8 coverage file per tape test.
"use strict";
if (process.env.NODE_V8_COVERAGE) {
${perTestRecorderSource}
  // The tape the test files import: resolved from the checkout, where the command runs.
  const xiheTest = (() => {
    try {
      const main = require.resolve("tape", { paths: [process.cwd()] });
      return require(xihePath.join(xihePath.dirname(main), "lib", "test.js"));
    } catch {
      return null;
    }
  })();
  // emit, not run, is wrapped: run stays the caller of the test's body, so the stacks tape prints
  // with a failed assertion have no frame of ours.
  if (xiheTest && xiheTest.prototype && typeof xiheTest.prototype.emit === "function") {
    const xiheEmit = xiheTest.prototype.emit;
    xiheTest.prototype.emit = function emit(event) {
      // A skipped test (or one without a body) ends at once: nothing of its own to record.
      if (event === "prerun" && this._cb && !this._skip) {
        const test = this;
        xiheBegin();
        // First of the test's "end" listeners: a subtest's end must be recorded before tape's own
        // listener ends the parent (and the parent's end is recorded).
        const onEnd = () => xiheEnd(String(test.name), !test._ok && !test._todo);
        if (typeof test.prependOnceListener === "function") test.prependOnceListener("end", onEnd);
        else test.once("end", onEnd);
      }
      return xiheEmit.apply(this, arguments);
    };
  }
}
`;
