import { afterEach, describe, expect, it } from "vitest";
import { rmSync, writeFileSync, mkdirSync, appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readTaskPack } from "../../src/bench/read-task-pack.ts";
import { appendBenchRecord, readBenchRecords } from "../../src/bench/bench-results.ts";
import { UsageError } from "../../src/errors.ts";
import { benchRecordWith } from "./bench-record-fixture.ts";
import { scratchDir } from "../support/scratch-dir.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const task = { id: "t1", repo: "bundles/t1.bundle", commit: "a".repeat(40), failing: ["npm test"] };

describe("task packs", () => {
  it("reads a folder's tasks.jsonl and resolves bundle paths against it", () => {
    dir = scratchDir("xihe-pack-");
    writeFileSync(join(dir, "tasks.jsonl"), `${JSON.stringify(task)}\n\n`);
    const pack = readTaskPack(dir);
    expect(pack.tasks).toEqual([{ ...task, kind: "other", repo: join(dir, "bundles/t1.bundle") }]);
  });

  it.each([
    ["not JSON", "{", /tasks\.jsonl:1 is not JSON .*one task object per line/],
    [
      "a short commit",
      JSON.stringify({ ...task, commit: "abc" }),
      /tasks\.jsonl:1: commit: a full 40-hex commit id/,
    ],
    ["no failing command", JSON.stringify({ ...task, failing: [] }), /tasks\.jsonl:1: failing:/],
    ["an unknown key", JSON.stringify({ ...task, answer: "x" }), /tasks\.jsonl:1: task: Unrecognized key/],
    ["a path as id", JSON.stringify({ ...task, id: "../x" }), /tasks\.jsonl:1: id: letters, digits/],
    [
      "a duplicate id",
      `${JSON.stringify(task)}\n${JSON.stringify(task)}`,
      /tasks\.jsonl:2: task id t1 is used twice/,
    ],
  ])("refuses %s with the line and field to fix", (_name, text, message) => {
    dir = scratchDir("xihe-pack-");
    writeFileSync(join(dir, "tasks.jsonl"), `${text}\n`);
    expect(() => readTaskPack(dir)).toThrow(UsageError);
    expect(() => readTaskPack(dir)).toThrow(message);
  });

  it("says what to pass when the pack is missing", () => {
    dir = scratchDir("xihe-pack-");
    expect(() => readTaskPack(join(dir, "nope"))).toThrow(
      /does not exist; pass a tasks\.jsonl or its folder/,
    );
    expect(() => readTaskPack(dir)).toThrow(/has no tasks\.jsonl; make one with `xihe bench make`/);
  });
});

describe("results.jsonl", () => {
  it("skips a line a kill cut short and starts the next record on a line of its own", () => {
    dir = scratchDir("xihe-results-");
    appendBenchRecord(dir, benchRecordWith({ taskId: "a" }));
    appendFileSync(join(dir, "results.jsonl"), '{"taskId":"b","kind":"mut');
    expect(readBenchRecords(dir).map((r) => r.taskId)).toEqual(["a"]);
    appendBenchRecord(dir, benchRecordWith({ taskId: "c" }));
    expect(readBenchRecords(dir).map((r) => r.taskId)).toEqual(["a", "c"]);
    expect(readFileSync(join(dir, "results.jsonl"), "utf8").split("\n")).toHaveLength(4);
  });

  it("refuses a line that is JSON but not a record, instead of silently redoing its task", () => {
    dir = scratchDir("xihe-results-");
    mkdirSync(join(dir, "x"));
    writeFileSync(join(dir, "results.jsonl"), '{"taskId":"a"}\n');
    expect(() => readBenchRecords(dir)).toThrow(/results\.jsonl:1 is not a bench record/);
  });
});
