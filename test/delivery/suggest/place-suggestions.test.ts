import { describe, expect, it } from "vitest";
import { parseUnifiedDiff, commentableRanges } from "../../../src/delivery/suggest/parse-unified-diff.ts";
import { placeSuggestions, type FixFile } from "../../../src/delivery/suggest/place-suggestions.ts";

// A PR patch as GitHub's "List pull requests files" returns it: lines 1-6 of the head in one hunk
// (context + added), lines 20-22 in another.
const prPatch = [
  "@@ -1,4 +1,6 @@",
  " function mean(values){",
  "+  if (values.length===0) throw new RangeError('x')",
  "+  return 1",
  " }",
  " ",
  " module.exports = {mean}",
  "@@ -18,3 +20,3 @@ function other() {",
  " a",
  "-b",
  "+c",
  " d",
].join("\n");

function file(
  path: string,
  fixDiff: string,
  headLines: string[] = [],
  kind: FixFile["kind"] = "modified",
): FixFile {
  return { path, kind, hunks: parseUnifiedDiff(fixDiff), headLines };
}

const place = (
  files: FixFile[],
  patches: [string, string | null][] = [["src/mean.js", prPatch]],
  flagged: string[] = [],
) => placeSuggestions({ files, prPatches: new Map(patches), flagged: new Set(flagged), maxLines: 100 });

describe("placeSuggestions", () => {
  it("reads the head-side ranges of a PR patch, one per hunk", () => {
    expect(commentableRanges(prPatch)).toEqual([
      { start: 1, end: 6 },
      { start: 20, end: 22 },
    ]);
  });

  it("offers a multi-line replacement inside one diff hunk as start_line..line", () => {
    const fix =
      "@@ -2,2 +2,3 @@\n-  if (values.length===0) throw new RangeError('x')\n-  return 1\n+  if (values.length === 0)\n+    throw new RangeError('x');\n+  return 1;";
    const { suggestions, leftOut } = place([file("src/mean.js", fix)]);
    expect(leftOut).toEqual([]);
    expect(suggestions).toEqual([
      {
        path: "src/mean.js",
        startLine: 2,
        line: 3,
        content: ["  if (values.length === 0)", "    throw new RangeError('x');", "  return 1;"],
      },
    ]);
  });

  it("leaves out a range that spans two hunks of the PR's diff, or lies outside it", () => {
    const spanning =
      "@@ -6,15 +6,1 @@\n" + Array.from({ length: 15 }, (_, i) => `-l${i}`).join("\n") + "\n+x";
    const outside = "@@ -12 +12 @@\n-old\n+new";
    const { suggestions, leftOut } = place([file("src/mean.js", `${spanning}\n${outside}`)]);
    expect(suggestions).toEqual([]);
    expect(leftOut).toEqual([
      { path: "src/mean.js", line: 6, reason: "outside_diff" },
      { path: "src/mean.js", line: 12, reason: "outside_diff" },
    ]);
  });

  it("turns a pure insertion into a replacement of the line before it (or of line 1 at the top)", () => {
    const head = ["function mean(values){", "  return 1", "}"];
    const after = place([file("src/mean.js", "@@ -2,0 +3 @@\n+  // two", head)]);
    expect(after.suggestions).toEqual([
      { path: "src/mean.js", startLine: 2, line: 2, content: ["  return 1", "  // two"] },
    ]);
    const top = place([file("src/mean.js", "@@ -0,0 +1 @@\n+'use strict';", head)]);
    expect(top.suggestions).toEqual([
      { path: "src/mean.js", startLine: 1, line: 1, content: ["'use strict';", "function mean(values){"] },
    ]);
  });

  it("offers a deletion as an empty suggestion", () => {
    const { suggestions } = place([file("src/mean.js", "@@ -3 +2,0 @@\n-  return 1")]);
    expect(suggestions).toEqual([{ path: "src/mean.js", startLine: 3, line: 3, content: [] }]);
  });

  it("sends files the PR does not touch, new, deleted and binary files to the side branch", () => {
    const { suggestions, leftOut } = place([
      file("src/legacy.js", "@@ -3 +3 @@\n-a == b\n+a === b"),
      file("src/new.js", "@@ -0,0 +1 @@\n+x", [], "added"),
      file("src/old.js", "", [], "deleted"),
      file("logo.png", "", [], "binary"),
    ]);
    expect(suggestions).toEqual([]);
    expect(leftOut.map((l) => [l.path, l.reason])).toEqual([
      ["src/legacy.js", "outside_diff"],
      ["src/new.js", "new_file"],
      ["src/old.js", "deleted_file"],
      ["logo.png", "binary"],
    ]);
  });

  it("never offers a change the test-weakening guard flagged", () => {
    const { suggestions, leftOut } = place(
      [
        file(
          "test/mean.test.js",
          "@@ -2 +2 @@\n-  if (values.length===0) throw new RangeError('x')\n+  test.skip()",
        ),
      ],
      [["test/mean.test.js", prPatch]],
      ["test/mean.test.js"],
    );
    expect(suggestions).toEqual([]);
    expect(leftOut).toEqual([{ path: "test/mean.test.js", line: null, reason: "test_weakening" }]);
  });

  it("leaves out files GitHub shows no diff for, very large hunks and invisible characters", () => {
    const big = "@@ -2 +2,200 @@\n-x\n" + Array.from({ length: 200 }, () => "+y").join("\n");
    const hidden = "@@ -3 +3 @@\n-  return 1\n+  return 1 \u202e// admin";
    const r = place(
      [file("src/mean.js", `${big}\n${hidden}`), file("dist/huge.js", "@@ -1 +1 @@\n-a\n+b")],
      [
        ["src/mean.js", prPatch],
        ["dist/huge.js", null],
      ],
    );
    expect(r.suggestions).toEqual([]);
    expect(r.leftOut.map((l) => l.reason)).toEqual(["too_large", "invisible_characters", "no_diff_shown"]);
  });
});
