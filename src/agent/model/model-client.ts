// The Model over any OpenAI-compatible chat-completions endpoint. Retries are ours (the SDK's are
// off) so Retry-After, jitter and the sleep used in tests are explicit; every call reports its tokens
// and cost from the price table. Every prompt is redacted (the API key, the configured secrets and
// the log patterns) before it is sent.
import OpenAI, { APIError } from "openai";
import type { Logger } from "../../logger.ts";
import { redactText } from "../../redact.ts";
import type { Model, ModelRequest, ModelRole, ModelTurn, ToolCallRequest } from "./model.ts";
import { costOf, type PriceTable } from "./price-table.ts";
import {
  backoffDelayMs,
  defaultRetryPolicy,
  isRetryableStatus,
  retryAfterMs,
  type RetryPolicy,
} from "./retry-policy.ts";
import { describeToolsInText, parseTextToolCalls } from "./text-tool-calls.ts";
import { toOpenAiMessages } from "./to-openai-messages.ts";
import { ModelCallError } from "./model-call-error.ts";
import { redactMessages } from "../redact-messages.ts";

export type ToolMode = "native" | "text";

export interface ModelClientOptions {
  baseURL: string;
  apiKey: string;
  models: Record<ModelRole, string>;
  prices: PriceTable;
  toolMode: ToolMode;
  fetch: typeof fetch;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  now: () => Date;
  timeoutMs: number;
  retry?: RetryPolicy;
  log?: Logger;
  /** Secret values besides the API key to scrub from prompts (e.g. secretValuesFromEnv of the env). */
  secrets?: readonly string[];
  /** A run's own scrubber (e.g. one that knows its installation token), applied after ours. */
  redact?: (text: string) => string;
}

export function createModelClient(options: ModelClientOptions): Model {
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    fetch: options.fetch,
    maxRetries: 0,
    timeout: options.timeoutMs,
  });
  const policy = options.retry ?? defaultRetryPolicy;
  const redact = promptRedactor(options);

  async function callOnce(request: ModelRequest): Promise<Omit<ModelTurn, "attempts">> {
    const model = options.models[request.role];
    const native = options.toolMode === "native";
    const redacted = redactMessages(request.messages, redact);
    const messages = native
      ? redacted
      : withToolsInSystemPrompt(redacted, describeToolsInText(request.tools));
    const response = await client.chat.completions.create(
      {
        model,
        messages: toOpenAiMessages(messages, native),
        max_tokens: request.maxTokens,
        ...(native && request.tools.length > 0
          ? { tools: request.tools.map((t) => ({ type: "function" as const, function: { ...t } })) }
          : {}),
      },
      { signal: request.signal },
    );
    return turnFromResponse(response, model, options.prices);
  }

  return {
    modelFor: (role) => options.models[role],
    maxCostUsd: (role, inputTokens, outputTokens) =>
      costOf(options.prices, options.models[role], { inputTokens, outputTokens }),
    async complete(request) {
      for (let attempt = 1; ; attempt++) {
        try {
          return { ...(await callOnce(request)), attempts: attempt };
        } catch (err) {
          const retry = retryableError(err, request, attempt, policy);
          if (!retry) throw stopError(err, attempt, options.models[request.role]);
          const status = retry.status;
          const wait = backoffDelayMs(
            policy,
            attempt,
            options.random,
            retryAfterMs(headersOf(retry), options.now),
          );
          options.log?.warn({ status, attempt, waitMs: wait }, "model call failed; retrying");
          await options.sleep(wait, request.signal);
        }
      }
    },
  };
}

function promptRedactor(options: ModelClientOptions): (text: string) => string {
  // A placeholder key ("unused", for local endpoints) is no secret and would scrub a common word.
  const secrets = [...(options.apiKey.length >= 8 ? [options.apiKey] : []), ...(options.secrets ?? [])];
  return (text: string): string => {
    const scrubbed = redactText(text, secrets);
    return options.redact ? options.redact(scrubbed) : scrubbed;
  };
}

function turnFromResponse(
  response: OpenAI.Chat.Completions.ChatCompletion,
  model: string,
  prices: PriceTable,
): Omit<ModelTurn, "attempts"> {
  const choice = response.choices[0];
  if (!choice) throw new ModelCallError(`model ${model} returned no choices`, undefined, 1);
  const text = choice.message.content ?? null;
  const nativeCalls: ToolCallRequest[] = (choice.message.tool_calls ?? []).flatMap((c) =>
    c.type === "function" ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : [],
  );
  const toolCalls = nativeCalls.length > 0 ? nativeCalls : parseTextToolCalls(text, `${response.id}-text`);
  const usage = {
    inputTokens: response.usage?.prompt_tokens ?? 0,
    outputTokens: response.usage?.completion_tokens ?? 0,
  };
  return {
    text,
    toolCalls,
    finishReason: choice.finish_reason,
    model: response.model || model,
    usage,
    costUsd: costOf(prices, model, usage),
  };
}

/** The API error worth another attempt, or null when the call must stop here. */
function retryableError(
  err: unknown,
  request: ModelRequest,
  attempt: number,
  policy: RetryPolicy,
): APIError | null {
  if (!(err instanceof APIError)) return null;
  const aborted = request.signal?.aborted === true || err.name === "APIUserAbortError";
  if (aborted || !isRetryableStatus(err.status) || attempt >= policy.maxAttempts) return null;
  return err;
}

/** A ModelCallError as it is; any other failure described with the model and what to check. */
function stopError(err: unknown, attempt: number, model: string): ModelCallError {
  if (err instanceof ModelCallError) return err;
  const status = err instanceof APIError ? err.status : undefined;
  return new ModelCallError(describe(err, model), status, attempt, { cause: err });
}

function withToolsInSystemPrompt(
  messages: ModelRequest["messages"],
  toolText: string,
): ModelRequest["messages"] {
  const [first, ...rest] = messages;
  if (first?.role === "system")
    return [{ role: "system", content: `${first.content}\n\n${toolText}` }, ...rest];
  return [{ role: "system", content: toolText }, ...messages];
}

function headersOf(err: APIError): Headers | undefined {
  return err.headers instanceof Headers ? err.headers : undefined;
}

function describe(err: unknown, model: string): string {
  if (err instanceof APIError) {
    const status = err.status === undefined ? "no response" : `HTTP ${err.status}`;
    return `model call to ${model} failed (${status}): ${err.message}; check XIHE_MODEL_BASE_URL, XIHE_MODEL_API_KEY and the model name`;
  }
  return `model call to ${model} failed: ${err instanceof Error ? err.message : String(err)}`;
}
