import { describe, expect, it } from "vitest";
import { namedPeripheral } from "../../../src/understanding/index/peripheral-files.ts";
import { filePrior } from "../../../src/understanding/localize/path-prior.ts";

// The prior of a file the library does not import: halved when its path names it peripheral.
const pathPrior = (file: string) => filePrior({ isPeripheral: namedPeripheral }, file);

describe("path prior", () => {
  it.each([
    "examples/server.js",
    "docs/conf.py",
    "benchmark/bench.js",
    "src/index.bench.ts",
    "src/parse-cookie.bench.ts",
    "lib/merge.benchmark.mjs",
  ])("halves suspects in peripheral code: %s", (file) => {
    expect(pathPrior(file)).toBe(0.5);
  });

  it.each(["src/index.ts", "lib/bench-utils.js", "src/benchmark.ts", "src/workbench/index.ts"])(
    "keeps code that only has bench in its name: %s",
    (file) => {
      expect(pathPrior(file)).toBe(1);
    },
  );
});
