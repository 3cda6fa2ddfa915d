// `npm run test:corpus`: the tests that read the shared development corpus (../shared/corpus, next
// to the checkout). `.ci/run` runs them when that folder exists; `npm test` never needs it.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// Spread rather than mergeConfig: mergeConfig concatenates arrays, which would keep the exclude.
export default defineConfig({
  test: { ...base.test, include: ["test/**/*.corpus.test.ts"], exclude: ["**/node_modules/**"] },
});
