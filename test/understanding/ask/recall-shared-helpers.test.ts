// A function every tiny `render_X` hands its element to is a helper they share, not the
// implementation of any one of them (delegating-wrappers.ts): a `render_children` like marko's, lifted to the
// score of whichever wrapper matched, ranked first for "what does a link's href become".
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";
import { sharedRenderHelper } from "./shared-render-helper.ts";

const indexOf = useIndexedRepo();

describe("ask recall: a helper many wrappers share", () => {
  it("is not lifted to the score of each wrapper that calls it", async () => {
    const { index, readLines } = await indexOf(sharedRenderHelper);
    const ranked = recall(
      index,
      readLines,
      "a link to javascript:alert(1): what does its href become in the HTML?",
    );
    expect(names(ranked).slice(0, 3)).not.toContain("Renderer.render_children");
    expect(ranked[0]?.symbol.qualifiedName).toBe("HTMLRenderer.render_link");
    const helper = ranked.find((r) => r.symbol.qualifiedName === "Renderer.render_children");
    expect(helper?.why.join("; ") ?? "").not.toContain("short wrapper that delegates to it");
  });
});
