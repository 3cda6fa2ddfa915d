// The agent's model client as a plain text completion, for commands that make one call (ask, the
// locate rerank). Null when no model is configured in the environment (XIHE_MODEL_*). Wiring for
// the entry points: it takes the environment they parsed, and builds the clock and randomness here.
import { createModelClient } from "./agent/model/model-client.ts";
import { modelSettingsFromEnv } from "./agent/model/model-settings.ts";
import type { Env } from "./config.ts";
import type { CompleteText } from "./understanding/ask/answer-question.ts";

export function modelFromEnv(env: Env, maxTokens: number): CompleteText | null {
  const settings = modelSettingsFromEnv(env);
  if (!settings) return null;
  const model = createModelClient({
    ...settings,
    fetch: globalThis.fetch,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    random: Math.random,
    now: () => new Date(),
  });
  return async (system, user) => {
    const turn = await model.complete({
      role: "planning",
      messages: [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
      tools: [],
      maxTokens,
    });
    return turn.text ?? "";
  };
}
