// A question about how a message is worded is answered where the code writes that message, which is
// often no raise at all: a `describe`/`__str__`/`toJSON` returning a sentence. The words of a
// symbol's prose literals count for such a question (raised-message.ts `messageWords`); without them
// `compare_records`, whose name and doc comment carry more of the question, is first.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { messageWords } from "../../../src/understanding/ask/raised-message.ts";
import { questionAbout } from "../../../src/understanding/ask/question-about.ts";
import { recordChangeMessages } from "./record-change-messages.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();
// The fixture's functions are shorter than any answer in a real repository; recall-short-symbols.test.ts
// covers how short symbols count, so `shortLines` is off here and the test reads only its own rule.

describe("ask recall: the words a message is written with", () => {
  it("ranks the method that writes the message over the comparison that finds the change", async () => {
    const { index, readLines } = await indexOf(recordChangeMessages);
    const ranked = recall(
      index,
      readLines,
      "how is the message worded when a field of two compared records went from one value to another?",
      { weights: { shortLines: 0 } },
    );
    expect(names(ranked)[0]).toBe("Change.describe");
    expect(ranked[0]?.why.join("; ")).toContain("writes a message with the question's");
  });

  it("reads string literals written for a person, not single words or keys", () => {
    const words = messageWords([
      '    key = "field"',
      "    if mode == 'strict':",
      '        return f"field {name} went from {old} to {new}"',
    ]);
    expect(words).toEqual(["field", "name", "went", "old"]);
  });

  it("counts them only for a question about how a message is worded", () => {
    expect(questionAbout("what message is shown for a missing field?").aboutMessage).toBe(true);
    expect(questionAbout("how is the warning worded?").aboutMessage).toBe(true);
    expect(questionAbout("how are two records compared?").aboutMessage).toBe(false);
  });
});
