// Threat A18: a 2 GB single-line log and ANSI/OSC escape floods. Lines are truncated with a marker,
// escapes never survive into failures or the CLI output, and failures around the flood are still found.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnose } from "../../src/perception/diagnose.ts";
import { normaliseLine } from "../../src/perception/normalise-line.ts";
import { splitLogLines } from "../../src/perception/split-log-lines.ts";
import { renderDiagnosis } from "../../src/cli/render-diagnosis.ts";
import { perceptionFixtures } from "./js-fixture-cases.ts";

const realLog = readFileSync(join(perceptionFixtures, "jest-console", "log.txt"));
// eslint-disable-next-line no-control-regex -- the escapes are what we look for
const ESCAPES = /[\u001b\u0007\u009b\u009d]/;

// One reused 1 MiB chunk, so the test itself never holds the 2 GB it streams.
async function* hugeLine(totalBytes: number): AsyncGenerator<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(0x61);
  for (let sent = 0; sent < totalBytes; sent += chunk.length) yield chunk;
}

async function* concat(...parts: (Uint8Array | AsyncIterable<Uint8Array>)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    if (part instanceof Uint8Array) yield part;
    else yield* part;
  }
}

describe("A18", () => {
  it("A18: truncates a 2 GB single line with a marker and still finds the failures after it", async () => {
    const twoGiB = 2 * 1024 * 1024 * 1024;
    const result = await diagnose(concat(hugeLine(twoGiB), new TextEncoder().encode("\n"), realLog), {
      maxLineChars: 64 * 1024,
    });
    expect(result.failures.map((f) => `${f.file}:${f.line}`)).toEqual([
      "lib/stock.js:3",
      "__tests__/stock.test.js:10",
    ]);
    expect(result.notes).toContain("1 over-long line(s) truncated to 65536 characters");
  });

  it("A18: a truncated line keeps its head and says how much was dropped", async () => {
    const lines: string[] = [];
    for await (const batch of splitLogLines(concat(hugeLine(8 * 1024 * 1024)), { maxLineChars: 1000 })) {
      lines.push(...batch);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `${"a".repeat(1000)} [xihe: line truncated, ${8 * 1024 * 1024 - 1000} more characters dropped]`,
    );
  });

  it("A18: strips an escape flood (CSI, OSC 8 links, unterminated OSC, lone ESC/BEL) from every line", async () => {
    const flood = [
      "\u001b[31m\u001b[1m".repeat(20_000) + "FAIL __tests__/stock.test.js",
      "\u001b]8;;https://example.test/x\u0007link\u001b]8;;\u0007".repeat(5_000),
      "\u001b]0;title that never ends " + "x".repeat(10_000),
      "\u001b\u0007\u009b\u009d plain",
    ].join("\n");
    for (const line of flood.split("\n")) expect(normaliseLine(line)).not.toMatch(ESCAPES);
    const result = await diagnose(`${flood}\n${realLog.toString("utf8")}`);
    expect(result.failures).toHaveLength(2);
    const rendered = renderDiagnosis(result);
    expect(rendered).not.toMatch(ESCAPES);
    expect(JSON.stringify(result.failures)).not.toMatch(/\\u001b|\\u0007/);
  });
});
