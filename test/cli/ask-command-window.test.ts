// `xihe ask` over a real index of a file whose function is longer than LARGE_SYMBOL_LINES: the JSON
// locations, the text output's `file:line` and the lines a model is given are the window recall
// ranked the function by, and a citation of a line the model was not shown is not counted.
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import { captureIo } from "./capture-io.ts";
import { makeRepo, type TestRepo } from "../understanding/make-repo.ts";
import { LARGE_FUNCTION_QUESTION, largeFunctionSource } from "../understanding/ask/large-function-source.ts";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../agent/support/scripted-model-server.ts";

const ANSWER_LINE = 701;
let repo: TestRepo | undefined;
let model: ScriptedModelServer | undefined;
afterEach(async () => {
  repo?.cleanup();
  await model?.close();
  [repo, model] = [undefined, undefined];
});

function parserRepo(): TestRepo {
  repo = makeRepo({ "lib/parse.js": largeFunctionSource(1500, ANSWER_LINE) });
  return repo;
}

const completion = (content: string) => ({
  body: {
    id: "chatcmpl-ask-1",
    object: "chat.completion",
    created: 1764676800,
    model: "scripted",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  },
});

describe("xihe ask on a function over 150 lines", () => {
  it("reports and prints the 12-line window holding the answer, not the whole function", async () => {
    const dir = parserRepo().root;
    const json = captureIo(dir);
    expect(await main(["ask", "--json", "-k", "1", LARGE_FUNCTION_QUESTION], json)).toBe(0);
    const { locations } = JSON.parse(json.out.join("")) as {
      locations: { file: string; symbol: string; startLine: number; endLine: number }[];
    };
    expect(locations[0]).toMatchObject({ file: "lib/parse.js", symbol: "parse" });
    const { startLine, endLine } = locations[0]!;
    expect(endLine - startLine + 1).toBe(12);
    expect(startLine).toBeLessThanOrEqual(ANSWER_LINE);
    expect(endLine).toBeGreaterThanOrEqual(ANSWER_LINE);

    const text = captureIo(dir);
    expect(await main(["ask", "-k", "1", LARGE_FUNCTION_QUESTION], text)).toBe(0);
    const out = text.out.join("");
    expect(out).toMatch(new RegExp(`^lib/parse\\.js:${startLine} parse `, "m"));
    expect(out).toMatch(new RegExp(`^ +${ANSWER_LINE}\\| .*defaultMaxAge`, "m"));
    expect(out).not.toMatch(/^ +1\| function parse/m);
  });

  it("gives the model the window and the signature, and counts only citations of lines it was shown", async () => {
    const dir = parserRepo().root;
    model = await startScriptedModelServer([
      completion(
        `It falls back to defaultMaxAge (lib/parse.js:${ANSWER_LINE}); tokens are read at lib/parse.js:300.`,
      ),
    ]);
    const io = captureIo(dir);
    io.env = { XIHE_MODEL_BASE_URL: model.baseURL, XIHE_MODEL: "scripted" };
    expect(await main(["ask", "--json", "-k", "1", LARGE_FUNCTION_QUESTION], io)).toBe(0);
    const messages = model.requests[0]!.body["messages"] as { role: string; content: string }[];
    const user = messages.find((m) => m.role === "user")!.content;
    expect(user).toMatch(new RegExp(`^ +${ANSWER_LINE}\\| .*defaultMaxAge`, "m"));
    expect(user).toMatch(/^ +1\| function parse \(src, options\) \{$/m);
    expect(user).not.toMatch(/^ +300\| /m);
    const parsed = JSON.parse(io.out.join("")) as { answer: string; citations: string[] };
    expect(parsed.answer).toContain("defaultMaxAge");
    expect(parsed.citations).toEqual([`lib/parse.js:${ANSWER_LINE}`]);
  });
});
