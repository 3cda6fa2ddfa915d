// An example the question gives of its input ("like del_ or input_", "like module.Outer.Inner") is data
// the code handles, not the name of the code that handles it (question-examples.ts).
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { exampleIdentifiers, questionExamples } from "../../../src/understanding/ask/question-examples.ts";
import { useIndexedRepo } from "./indexed-repo.ts";
import { trailingUnderscoreTags } from "./trailing-underscore-tags.ts";

const indexOf = useIndexedRepo();

describe("the examples a question gives", () => {
  it("reads the token after like, such as or e.g., and the ones joined to it by or and and", () => {
    expect(
      questionExamples("written with a trailing underscore, like del_ or input_; where is it dropped?"),
    ).toEqual(["del_", "input_"]);
    expect(questionExamples("how is a class inside another found, like module.Outer.Inner?")).toEqual([
      "module.Outer.Inner",
    ]);
    expect(questionExamples("why does a word like snake_case_name not start emphasis?")).toEqual([
      "snake_case_name",
    ]);
    expect(questionExamples("a short name such as 'footnote', where is it looked up?")).toEqual([
      "'footnote'",
    ]);
    expect(exampleIdentifiers("how is a class inside another found, like module.Outer.Inner?")).toEqual(
      new Set(["Outer", "Inner"]),
    );
  });

  it("takes a phrase in words after the cue for no example", () => {
    expect(questionExamples("how are the extras read, such as a semver range or a sub-folder path?")).toEqual(
      [],
    );
    expect(questionExamples("what does the output look like?")).toEqual([]);
  });
});

describe("ask recall: an example in the question", () => {
  it("names no symbol: the code that handles it ranks above the classes the example spells", async () => {
    const { index, readLines } = await indexOf(trailingUnderscoreTags);
    const [first] = recall(
      index,
      readLines,
      "tags whose names clash with Python names are written with a trailing underscore, like del_ or input_; where is the underscore dropped when the tag is rendered?",
    );
    expect(first?.symbol.qualifiedName).toBe("dom_tag._render");
    expect(first?.why.join("; ")).not.toContain("the question names");
  });
});
