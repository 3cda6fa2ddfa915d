// ruff cannot be installed here (not in Debian 12, no CLI on npm), so no real ruff output is
// committed: the parser follows ruff's documented formats, and only its refusal of other tools'
// output is tested with real fixtures.
import { describe, expect, it } from "vitest";
import { ruffParser } from "../../../src/perception/parsers/ruff-parser.ts";
import { fixtureLines } from "./parse-fixture.ts";

describe("ruff parser", () => {
  it("does not claim flake8 output", () => {
    expect(ruffParser.detect(fixtureLines("flake8-inventory"))).toBe(0);
    expect(ruffParser.detect(fixtureLines("flake8-inventory-stats"))).toBe(0);
  });
});
