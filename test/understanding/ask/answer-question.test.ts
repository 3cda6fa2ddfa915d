import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { answerQuestion } from "../../../src/understanding/ask/answer-question.ts";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { createFailingJsRepo, type FailingRepo } from "../failing-repos.ts";
import { largeFunctionSource } from "./large-function-source.ts";
import { useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

const made: FailingRepo[] = [];
const track = (repo: FailingRepo): FailingRepo => (made.push(repo), repo);
afterAll(() => made.forEach((repo) => repo.remove()));

describe("answerQuestion", () => {
  it("shows the model the recalled code with line numbers and sorts its citations into shown and not shown", async () => {
    const repo = track(await createFailingJsRepo());
    const index = await buildIndex(repo.dir, { cache: null });
    const readLines = (p: string) => readFileSync(join(repo.dir, p), "utf8").split("\n");
    const recalled = recall(index, readLines, "how is applyDiscount validated?", { limit: 3 });
    const prompts: { system: string; user: string }[] = [];
    const result = await answerQuestion({
      question: "how is applyDiscount validated?",
      recalled,
      relations: [],
      overview: null,
      readLines,
      // The model's part is a parameter: this one cites the first numbered line it was shown and a file it was not.
      complete: async (system, user) => {
        prompts.push({ system, user });
        const shownLine = /^ +(\d+)\| .*percent < 0/m.exec(user)?.[1];
        return `It throws a RangeError (src/money.js:${shownLine}); see also src/other.js:3.`;
      },
    });
    expect(prompts[0]!.system).toContain("Cite every claim with path:line");
    expect(prompts[0]!.user).toContain("Question: how is applyDiscount validated?");
    expect(prompts[0]!.user).toContain("// src/money.js:9-12 applyDiscount");
    expect(result.citations).toEqual(["src/money.js:10"]);
    expect(result.unsupported).toEqual(["src/other.js:3"]);
  });

  it("counts a citation of a line a summary left out as not shown, though it is inside the symbol", async () => {
    // 100 lines: read whole by recall, but over a small brief's budget, so summarised head and tail.
    const { index, readLines } = await indexOf({ "lib/parse.js": largeFunctionSource(100, 50) });
    const question = "what default max age is used when the option is missing?";
    let user = "";
    const result = await answerQuestion({
      question,
      recalled: recall(index, readLines, question, { limit: 1 }),
      relations: [],
      overview: null,
      readLines,
      totalTokens: 2000,
      complete: async (_system, u) => {
        user = u;
        return "It reads tokens first (lib/parse.js:2) and falls back to defaultMaxAge (lib/parse.js:50).";
      },
    });
    expect(user).toContain("lib/parse.js:1-100 parse (summarised)");
    expect(result.citations).toEqual(["lib/parse.js:2"]);
    expect(result.unsupported).toEqual(["lib/parse.js:50"]);
  });
});
