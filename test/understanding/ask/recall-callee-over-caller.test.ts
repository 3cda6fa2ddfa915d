// A caller that holds its callee's words only because it calls it ranks below that callee
// (callee-over-caller.ts); a caller with a word of the question its callee lacks keeps its place.
// On small fixtures with a real tree-sitter parse, shaped like ejs' `generateSource` and `scanLine`.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { lines } from "../make-repo.ts";
import { generateSource, scanLine, scanLineQuestion as question } from "./ejs-scan-line.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

describe("ask recall: a callee above a caller that holds its words only by calling it", () => {
  it("ranks the callee whose name carries the question's word above its caller", async () => {
    const { index, readLines } = await indexOf({
      "lib/template.js": lines(scanLine, "", generateSource("state.count++;"), ""),
    });
    const ranked = recall(index, readLines, question);
    expect(names(ranked).slice(0, 2)).toEqual(["scanLine", "generateSource"]);
    expect(ranked[0]?.why.join("; ")).toContain(
      'ranked above its caller generateSource (lib/template.js:14), which matches no word of the question it lacks; its name carries "line"',
    );
  });

  it("leaves the caller first when it holds a word of the question its callee lacks", async () => {
    const { index, readLines } = await indexOf({
      "lib/template.js": lines(scanLine, "", generateSource("state.dash = state.swallow;"), ""),
    });
    const ranked = recall(index, readLines, question);
    expect(names(ranked).slice(0, 2)).toEqual(["generateSource", "scanLine"]);
    expect(ranked.flatMap((r) => r.why).join("; ")).not.toContain("ranked above its caller");
  });
});
