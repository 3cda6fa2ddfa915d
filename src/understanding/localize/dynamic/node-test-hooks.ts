// Per-test V8 coverage under `node --test`: a module preloaded with `--require` (node passes it on
// to each test file's child process) registers root-level beforeEach/afterEach hooks of node:test,
// which run around every test and subtest of the file. Only in the test files' processes
// (NODE_TEST_CONTEXT): the parent that starts them runs no test.
import { perTestRecorderSource } from "./per-test-recorder.ts";

export const nodeTestHooksSource = String.raw`// Written by xihe (dynamic localization): one V8 coverage file per node:test test.
"use strict";
if (process.env.NODE_V8_COVERAGE && process.env.NODE_TEST_CONTEXT) {
${perTestRecorderSource}
  const nodeTest = require("node:test");
  nodeTest.beforeEach(() => xiheBegin());
  nodeTest.afterEach((t) => xiheEnd(t.fullName ?? t.name, t.passed === false));
}
`;
