// The fixtures made by scripts/fixtures/perception-js-*.sh (vitest-tap-flat: perception-js-vitest-tap.sh; vows-*: perception-js-vows.sh) and perception-node-test.sh (real tool runs), each with a hand-checked
// expected.json. Shared by the fixture test and the benchmark.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const perceptionFixtures = resolve(dirname(fileURLToPath(import.meta.url)), "../fixtures/perception");

export const jsFixtureCases = [
  "vitest-basic",
  "vitest-gha-reporter",
  "vitest-unhandled",
  "vitest-tap-flat",
  "mocha-dot",
  "mocha-spec",
  "mocha-load-error",
  "node-uncaught",
  "mocha-load-error-multiline",
  "ava-basic",
  "tap-basic",
  "tap-tap-reporter",
  "tap-classic",
  "uvu-basic",
  "vows-spec",
  "vows-dot",
  "tape-basic",
  "tape-throws-first",
  "jest-console",
  "eslint-json",
  "eslint-unix",
  "eslint-no-config",
  "prettier-check",
  "tsc-plain",
  "tsc-pretty",
  "npm-notarget",
  "npm-ci-out-of-sync",
  "npm-missing-script",
  "pnpm-no-matching-version",
  "yarn-no-matching-version",
  "npm-install-timeout",
  "oom-killed",
  "nodetest-flaky-run1",
  "nodetest-flaky-run2",
  "nodetest-spec",
  "nodetest-spec-tap",
  "nodetest-spec-load-error",
];
