import { describe, expect, it } from "vitest";
import type { CodeSymbol } from "../../../src/understanding/index/code-index.ts";
import { titleNamedFiles } from "../../../src/understanding/localize/title-named-files.ts";

const symbol = (id: string, file: string) => ({ id, file }) as CodeSymbol;

describe("a code file named by the failing tests' titles", () => {
  const candidates = [
    symbol("cleanup", "plugins/cleanupIds.js"),
    symbol("cleanup.enter", "plugins/cleanupIds.js"),
    symbol("merge", "plugins/merge-styles.js"),
    symbol("invoke", "lib/plugins.js"),
    symbol("parse", "src/parse.js"),
    symbol("item", "lib/handlers/list-item/index.js"),
  ];

  it("gives every symbol of the file the share of the titles that spell its whole name as one word", () => {
    const scores = titleNamedFiles(candidates, [
      "plugins tests › cleanupIds.02",
      "plugins tests › cleanupIds.03",
      "plugins tests › mergeStyles.01",
      "plugins tests › removeViewBox.01",
    ]);
    expect(scores.get("cleanup")?.strength).toBe(0.5);
    expect(scores.get("cleanup.enter")?.strength).toBe(0.5);
    expect(scores.get("cleanup")?.detail).toBe(
      "plugins/cleanupIds.js is named by 2 of 4 failing test title(s)",
    );
    // kebab in the file, camelCase in the title: one name.
    expect(scores.get("merge")?.strength).toBe(0.25);
  });

  it("takes no one-word name: titles use `plugins` and `parse` as prose for what every test does", () => {
    const scores = titleNamedFiles(candidates, [
      "plugins tests › parse handles empty input",
      "parse › plugins",
    ]);
    expect(scores.size).toBe(0);
  });

  it("counts a code-search stop word as a word of the name (`upperCase` is two words)", () => {
    const scores = titleNamedFiles([symbol("up", "filters/upperCase.js")], ["filters tests › upperCase.01"]);
    expect(scores.get("up")?.strength).toBe(1);
  });

  it("names a folder's index file by the folder's compound name", () => {
    const scores = titleNamedFiles(candidates, ["should support lists in `listItem`s"]);
    expect(scores.get("item")?.strength).toBe(1);
  });

  it("reads no name out of a path in the title, which names the test file", () => {
    const scores = titleNamedFiles(
      [symbol("a", "src/merge-configs.ts")],
      ["tests/merge-configs.test.ts > merges nested keys"],
    );
    expect(scores.size).toBe(0);
  });

  it("needs the whole name as one word, not its parts spread over the title", () => {
    const scores = titleNamedFiles(candidates, ["cleanup of ids", "cleanupIdsAndMore works"]);
    expect(scores.size).toBe(0);
  });
});
