import { describe, expect, it } from "vitest";
import { addedLines } from "../../../src/understanding/explain/diff-hunks.ts";
import { addedFileDiff } from "../../../src/understanding/explain/untracked-diffs.ts";

describe("untracked files as added-file diffs", () => {
  it("adds every line, with or without a final newline, as git would", () => {
    const ended = addedFileDiff("a.js", Buffer.from("one\ntwo\n"));
    const open = addedFileDiff("b.js", Buffer.from("one\ntwo"));
    for (const d of [ended, open]) {
      expect(d).toMatchObject({ oldPath: null, binary: false });
      expect(addedLines(d)).toEqual([1, 2]);
      expect(d.hunks[0]?.lines).toEqual(["+one", "+two"]);
    }
    expect(addedFileDiff("empty.js", Buffer.alloc(0)).hunks).toEqual([]);
  });

  it("calls a file with a NUL byte near its start binary, with no lines", () => {
    const d = addedFileDiff("logo.png", Buffer.from([0x89, 0x50, 0x00, 0x0a, 0x41]));
    expect(d).toEqual({ oldPath: null, newPath: "logo.png", hunks: [], binary: true });
  });
});
