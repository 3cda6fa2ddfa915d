// diagnose() end to end on composed real logs: several tools in one job log, GitHub Actions framing
// and `::error` annotations used as data, path mapping from runner checkouts and streams.
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnose } from "../../src/perception/diagnose.ts";
import { perceptionFixtures } from "./js-fixture-cases.ts";

const log = (id: string) => readFileSync(join(perceptionFixtures, id, "log.txt"), "utf8");
// The framing GitHub's downloaded job logs put around a step (the tool output inside stays real).
const asActionsStep = (command: string, output: string, exitCode: number) =>
  [
    `##[group]Run ${command}`,
    `\u001b[36;1m${command}\u001b[0m`,
    "shell: /usr/bin/bash -e {0}",
    "##[endgroup]",
    ...output.split("\n"),
    `##[error]Process completed with exit code ${exitCode}.`,
  ]
    .map((line, i) => `2026-12-02T10:00:${String(i % 60).padStart(2, "0")}.0000000Z ${line}`)
    .join("\n");

describe("diagnose", () => {
  it("finds every tool of a job log with several failing steps", async () => {
    const job = [
      asActionsStep("npm run lint", log("eslint-unix"), 1),
      asActionsStep("npm test", log("jest-console"), 1),
    ].join("\n");
    const result = await diagnose(`\ufeff${job}`);
    expect(result.tools).toEqual(["eslint", "jest"]);
    expect(result.failures.filter((f) => f.tool === "eslint")).toHaveLength(5);
    expect(result.failures.filter((f) => f.tool === "jest").map((f) => f.test)).toEqual([
      "reserve › when stock is short › reserves what is left",
      "reserve › decrements",
    ]);
  });

  it("keeps the location a tool sends as a ::error annotation and does not duplicate it", async () => {
    const result = await diagnose(log("vitest-gha-reporter"));
    expect(result.failures).toHaveLength(1);
    const onlyAnnotation = await diagnose(
      "::error file=src/app.ts,line=12,col=3,title=build::100%25 sure%0Anext line\n",
    );
    expect(onlyAnnotation.failures).toEqual([
      expect.objectContaining({
        tool: "github-annotation",
        file: "src/app.ts",
        line: 12,
        column: 3,
        message: "build: 100% sure\nnext line",
      }),
    ]);
  });

  it("maps runner, Windows and file:// paths to the repository and keeps external frames out of the location", async () => {
    const text = log("mocha-spec")
      .replaceAll("file:///tmp/xihe-fx-tools/cases/mocha-spec/", "file:///D:/a/shop/shop/")
      .replaceAll("/tmp/xihe-fx-tools/cases/mocha-spec/", "/home/runner/work/shop/shop/");
    const result = await diagnose(text);
    expect(result.failures.map((f) => `${f.file}:${f.line}`)).toEqual([
      "test/db.spec.js:5",
      "src/money/currency.js:4",
      "test/money/round.spec.js:6",
    ]);
    const frames = result.failures.flatMap((f) => f.frames);
    expect(frames.filter((f) => f.external).map((f) => f.file)).toContain("node:internal/timers");
  });

  it("reads a byte stream split at arbitrary points the same as the whole text", async () => {
    const text = log("tap-basic");
    const bytes = Buffer.from(text);
    const pieces = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) =>
      bytes.subarray(i * 7, i * 7 + 7),
    );
    const streamed = await diagnose(Readable.from(pieces));
    expect(streamed.failures).toEqual((await diagnose(text)).failures);
  });

  it("parses a section larger than the section budget in overlapping pieces without losing or doubling failures", async () => {
    const noise = Array.from({ length: 5000 }, (_, i) => `  ok ${i}`).join("\n");
    const text = `${noise}\n${log("tsc-plain")}\n${noise}\n`;
    const result = await diagnose(text, { maxSectionChars: 4096 });
    expect(result.failures.map((f) => f.rule)).toEqual(["TS2322", "TS2345", "TS2339"]);
  });
});
