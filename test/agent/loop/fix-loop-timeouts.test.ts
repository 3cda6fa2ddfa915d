import { afterEach, describe, expect, it } from "vitest";
import { fixHarness, type Harness } from "../support/fix-harness.ts";
import { startScriptedModelServer, type ScriptedModelServer } from "../support/scripted-model-server.ts";
import { sumRepo, testCommand } from "../support/sum-repo.ts";

let h: Harness;
let server: ScriptedModelServer;
afterEach(async () => {
  await server.close();
  await h.cleanup();
});

/** One assistant turn in the chat-completions wire format that runs `command` three times. */
function threeRuns(command: string) {
  const call = (i: number) => ({
    id: `call_hang_${i}`,
    type: "function",
    function: { name: "run_command", arguments: JSON.stringify({ command }) },
  });
  return {
    body: {
      id: "chatcmpl-hang-1",
      object: "chat.completion",
      created: 1764677000,
      model: "m-plan",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: null, tool_calls: [call(1), call(2), call(3)] },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 500, completion_tokens: 60, total_tokens: 560 },
    },
  };
}

describe("fix loop timeouts", () => {
  it("A20: stops with too_many_timeouts after three commands in a row hit the timeout", async () => {
    h = fixHarness({ ...sumRepo, "hang.js": "setInterval(() => {}, 1000);\n" });
    server = await startScriptedModelServer([threeRuns("node hang.js")]);
    const outcome = await h.run(
      { runId: "hang1", commands: [testCommand, "node hang.js"], commandTimeoutMs: 1500 },
      { baseURL: server.baseURL },
    );
    expect(outcome).toMatchObject({ status: "gave_up", budgetStop: { kind: "timeouts" } });
    expect(outcome.reason).toContain("too_many_timeouts");
    expect(server.requests).toHaveLength(1);
  });
});
