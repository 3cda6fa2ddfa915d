// The markers contract: a parser given only the indexes of the lines holding its markers must score a
// section exactly as it does when it reads every line. Checked on every committed real log.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logParsers } from "../../../src/perception/parsers/registry.ts";
import { fixtureLines, fixtureRoot } from "./parse-fixture.ts";

const cases = readdirSync(fixtureRoot, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe("detect() with marker lines", () => {
  it("scores every fixture log the same with and without the marker-line hint", () => {
    expect(cases.length).toBeGreaterThan(20);
    let compared = 0;
    for (const caseId of cases) {
      const lines = fixtureLines(caseId);
      for (const parser of logParsers) {
        const markers = parser.markers;
        if (!markers?.length) continue;
        const markerLines = lines.flatMap((l, i) => (markers.some((m) => l.includes(m)) ? [i] : []));
        expect(parser.detect(lines, markerLines), `${parser.tool} on ${caseId}`).toBe(parser.detect(lines));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
