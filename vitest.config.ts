import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Tests over the shared development corpus (next to the checkout, not in it) run on their own
    // with `npm run test:corpus` (vitest.corpus.config.ts), so `npm test` passes on a plain clone.
    // The App image test (`npx vitest run --config vitest.image.config.ts`) builds images: too slow here.
    exclude: ["**/node_modules/**", "test/**/*.corpus.test.ts", "test/**/*.image.test.ts"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // About one real core on our machines: forks in parallel only add contention.
    pool: "forks",
    maxWorkers: 2,
  },
});
