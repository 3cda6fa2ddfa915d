import { afterEach, describe, expect, it } from "vitest";
import { fixHarness, type Harness } from "../support/fix-harness.ts";
import {
  loadTurns,
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../support/scripted-model-server.ts";
import { sumRepo, testCommand } from "../support/sum-repo.ts";
import { ModelCallError } from "../../../src/agent/model/model-call-error.ts";

let h: Harness;
const servers: ScriptedModelServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  await h.cleanup();
});

describe("fix loop resume", () => {
  it("after a crash mid-round, resumes at the first unfinished step without re-asking the model or re-committing", async () => {
    h = fixHarness(sumRepo);
    const turns = loadTurns("unit-test-repair").slice(1);
    const broken = {
      status: 400,
      body: { error: { message: "context_length_exceeded", type: "invalid_request_error" } },
    };
    const first = await startScriptedModelServer([turns[0]!, broken]);
    servers.push(first);
    await expect(
      h.run({ runId: "resume1", commands: [testCommand] }, { baseURL: first.baseURL }),
    ).rejects.toBeInstanceOf(ModelCallError);
    expect((await h.store.getStep("resume1", "round-1:model-2"))?.status).toBe("failed");

    const second = await startScriptedModelServer(turns.slice(1));
    servers.push(second);
    const outcome = await h.run({ runId: "resume1", commands: [testCommand] }, { baseURL: second.baseURL });
    expect(outcome).toMatchObject({ status: "done", rounds: 2 });
    expect(second.requests).toHaveLength(2);
    // The resumed call carries the replayed plan turn and its tool result.
    const resumed = second.requests[0]!.body.messages as Array<{
      role: string;
      tool_calls?: Array<{ function: { name: string } }>;
    }>;
    expect(resumed.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(resumed[2]!.tool_calls?.[0]?.function.name).toBe("read_file");
    expect(h.repo.git("rev-list", "--count", "main..xihe/fix-resume1").trim()).toBe("2");
    expect(outcome.spend.modelCalls).toBe(3);
  });
});
