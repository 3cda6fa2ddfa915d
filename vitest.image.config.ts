// `npx vitest run --config vitest.image.config.ts`: the App image built from the Dockerfile and run under podman
// (test/deploy/*.image.test.ts). Too slow for `npm test`: a Debian bootstrap, npm ci with a native
// build and a whole fix run take 15-30 min on a shared machine.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// Spread rather than mergeConfig: mergeConfig concatenates arrays, which would keep the exclude.
export default defineConfig({
  test: { ...base.test, include: ["test/**/*.image.test.ts"], exclude: ["**/node_modules/**"] },
});
