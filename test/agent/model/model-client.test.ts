import { afterEach, describe, expect, it } from "vitest";
import { createModelClient, type ModelClientOptions } from "../../../src/agent/model/model-client.ts";
import { ModelCallError } from "../../../src/agent/model/model-call-error.ts";
import {
  loadTurns,
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../support/scripted-model-server.ts";

const tools = [
  {
    name: "read_file",
    description: "Return the text of one file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  },
];

let server: ScriptedModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function options(
  baseURL: string,
  sleeps: number[],
  extra: Partial<ModelClientOptions> = {},
): ModelClientOptions {
  return {
    baseURL,
    apiKey: "test-key",
    models: { perception: "cheap", planning: "strong", execution: "strong" },
    prices: { strong: { input: 2, output: 8 } },
    toolMode: "native",
    fetch: globalThis.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    now: () => new Date("2026-12-02T12:00:00Z"),
    timeoutMs: 5000,
    ...extra,
  };
}

describe("model client", () => {
  it("honours Retry-After on a 429, backs off on a 503, then returns the tool call with usage and cost", async () => {
    server = await startScriptedModelServer(loadTurns("read-then-finish"));
    const sleeps: number[] = [];
    const model = createModelClient(options(server.baseURL, sleeps));
    const turn = await model.complete({
      role: "execution",
      messages: [{ role: "user", content: "fix it" }],
      tools,
      maxTokens: 256,
    });
    expect(sleeps[0]).toBeGreaterThanOrEqual(7000);
    expect(sleeps[1]).toBe(500); // 2nd retry: ceiling 1000 ms × jitter 0.5
    expect(turn.attempts).toBe(3);
    expect(turn.toolCalls).toEqual([
      { id: "call_r1", name: "read_file", arguments: '{"path":"src/sum.js"}' },
    ]);
    expect(turn.usage).toEqual({ inputTokens: 412, outputTokens: 19 });
    expect(turn.costUsd).toBeCloseTo((412 * 2 + 19 * 8) / 1e6, 12);
    const sent = server.requests[2]!.body;
    expect(sent.model).toBe("strong");
    expect(sent.max_tokens).toBe(256);
    expect(sent.tools).toEqual([{ type: "function", function: tools[0] }]);
  });

  it("gives up with a ModelCallError after the configured attempts", async () => {
    server = await startScriptedModelServer(loadTurns("read-then-finish").slice(0, 2));
    const model = createModelClient(
      options(server.baseURL, [], { retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 100 } }),
    );
    const failure = await model
      .complete({ role: "planning", messages: [{ role: "user", content: "x" }], tools, maxTokens: 10 })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ModelCallError);
    expect((failure as ModelCallError).status).toBe(503);
    expect((failure as ModelCallError).attempts).toBe(2);
  });

  it("retries a request that timed out", async () => {
    const [, , ok] = loadTurns("read-then-finish");
    server = await startScriptedModelServer([{ ...ok!, delayMs: 2000 }, ok!]);
    const sleeps: number[] = [];
    const model = createModelClient(options(server.baseURL, sleeps, { timeoutMs: 200 }));
    const turn = await model.complete({
      role: "planning",
      messages: [{ role: "user", content: "x" }],
      tools,
      maxTokens: 10,
    });
    expect(turn.attempts).toBe(2);
    expect(turn.toolCalls[0]?.name).toBe("read_file");
    expect(sleeps).toHaveLength(1);
  });

  it("does not retry a 400", async () => {
    server = await startScriptedModelServer([
      { status: 400, body: { error: { message: "bad request", type: "invalid_request_error" } } },
      { body: {} },
    ]);
    const model = createModelClient(options(server.baseURL, []));
    await expect(
      model.complete({ role: "planning", messages: [{ role: "user", content: "x" }], tools, maxTokens: 10 }),
    ).rejects.toThrow(/HTTP 400/);
    expect(server.remaining()).toBe(1);
    server.requests.length = 0;
  });

  it("in text mode describes tools in the system prompt and parses the fenced JSON call", async () => {
    server = await startScriptedModelServer(loadTurns("text-mode-call"));
    const model = createModelClient(options(server.baseURL, [], { toolMode: "text" }));
    const turn = await model.complete({
      role: "execution",
      messages: [
        { role: "system", content: "You fix CI." },
        { role: "user", content: "fix it" },
      ],
      tools,
      maxTokens: 100,
    });
    expect(turn.toolCalls).toEqual([
      { id: "chatcmpl-text-1-text-1", name: "read_file", arguments: '{"path":"src/sum.js","fromLine":1}' },
    ]);
    const sent = server.requests[0]!.body;
    expect(sent.tools).toBeUndefined();
    const messages = sent.messages as Array<{ role: string; content: string }>;
    expect(messages[0]!.content).toContain("You fix CI.");
    expect(messages[0]!.content).toContain("read_file");
    // Priced by the configured model id: endpoints report their own (dated) ids.
    expect(turn.costUsd).toBeCloseTo((655 * 2 + 31 * 8) / 1e6, 12);
  });

  it("in native mode still accepts a fenced JSON call when the model writes one instead of a tool call", async () => {
    server = await startScriptedModelServer(loadTurns("text-mode-call"));
    const model = createModelClient(options(server.baseURL, []));
    const turn = await model.complete({
      role: "execution",
      messages: [{ role: "user", content: "fix it" }],
      tools,
      maxTokens: 100,
    });
    expect(server.requests[0]!.body.tools).toEqual([{ type: "function", function: tools[0] }]);
    expect(turn.toolCalls.map((c) => c.name)).toEqual(["read_file"]);
  });
});
