// The weight search's offline ranker (bench/ask-rank.ts) must rank a question as `xihe ask`'s recall
// does, or the search tunes another ranking than the product's. On small repositories indexed with
// real tree-sitter, where recall's callee-over-caller pass and record pass change the first place,
// the question dumped as bench/ask-features.ts dumps it (ask-dump.ts) and replayed with the
// committed weights gives recall's own top three.
import { describe, expect, it } from "vitest";
import { questionDumper } from "../../bench/ask-dump.ts";
import { rank } from "../../bench/ask-rank.ts";
import { recall } from "../../src/understanding/ask/recall.ts";
import { recallWeights } from "../../src/understanding/ask/recall-weights.ts";
import type { CodeIndex } from "../../src/understanding/index/code-index.ts";
import { lines } from "../understanding/make-repo.ts";
import { names, useIndexedRepo } from "../understanding/ask/indexed-repo.ts";
import { generateSource, scanLine, scanLineQuestion } from "../understanding/ask/ejs-scan-line.ts";
import { checker, messages } from "../understanding/ask/pyflakes-messages.ts";

const indexOf = useIndexedRepo();
const nameOf = (index: CodeIndex) => (id: string) =>
  index.symbols.find((s) => s.id === id)?.qualifiedName ?? id;

describe("bench ask-rank: the offline ranker reproduces recall", () => {
  it("replays the callee-over-caller pass: the callee above the caller holding its words", async () => {
    const { index, readLines } = await indexOf({
      "lib/template.js": lines(scanLine, "", generateSource("state.count++;"), ""),
    });
    const q = questionDumper(index, readLines)(scanLineQuestion, () => false);
    const offline = rank(q, recallWeights).map((i) => nameOf(index)(i.id));
    expect(q.recalled.map(nameOf(index))).toEqual(
      names(recall(index, readLines, scanLineQuestion, { limit: 3 })),
    );
    expect(offline.slice(0, 2)).toEqual(["scanLine", "generateSource"]);
    expect(offline).toEqual(q.recalled.map(nameOf(index)));
  });

  it("replays the record pass, with the weight the search gives it", async () => {
    const { index, readLines } = await indexOf({ "pkg/messages.py": messages, "pkg/checker.py": checker });
    const question = "where does it complain about an if statement whose condition is a non-empty tuple?";
    const q = questionDumper(index, readLines)(question, () => false);
    const offline = (w = recallWeights) => rank(q, w).map((i) => nameOf(index)(i.id));
    expect(offline().slice(0, 2)).toEqual(["Checker.IF", "IfTuple"]);
    expect(offline()).toEqual(q.recalled.map(nameOf(index)));
    const off = { ...recallWeights, recordUser: 0 };
    expect(offline(off)).toEqual(names(recall(index, readLines, question, { limit: 3, weights: off })));
    expect(offline(off)[0]).toBe("IfTuple");
  });
});
