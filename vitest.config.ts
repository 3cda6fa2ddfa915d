import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // About one real core on our machines: forks in parallel only add contention.
    pool: "forks",
    maxWorkers: 2,
  },
});
