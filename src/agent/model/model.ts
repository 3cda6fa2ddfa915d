// The Model interface the loop talks to: plain messages and tool calls, no vendor types. The one
// implementation is model-client.ts (OpenAI-compatible HTTP); tests serve it recorded turns over HTTP.
export type ModelRole = "perception" | "planning" | "execution";

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments object, derived from the tool's zod input. */
  parameters: Record<string, unknown>;
}

/** A call exactly as the model sent it: `arguments` is raw text, parsed and validated later. */
export type ToolCallRequest = {
  id: string;
  name: string;
  arguments: string;
};

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; toolCalls: ToolCallRequest[] }
  | { role: "tool"; toolCallId: string; content: string };

export interface ModelRequest {
  role: ModelRole;
  messages: ChatMessage[];
  tools: ToolSpec[];
  /** Upper bound on output tokens; the budget computes it so a turn can never overshoot. */
  maxTokens: number;
  signal?: AbortSignal;
}

export type TokenUsage = {
  inputTokens: number;
  outputTokens: number;
};

export interface ModelTurn {
  text: string | null;
  toolCalls: ToolCallRequest[];
  finishReason: string;
  model: string;
  usage: TokenUsage;
  costUsd: number;
  /** HTTP attempts including retries. */
  attempts: number;
}

export interface Model {
  complete(request: ModelRequest): Promise<ModelTurn>;
  /** The model id serving a role (for pricing and traces). */
  modelFor(role: ModelRole): string;
  /** Upper bound of the cost of a call before it is made, in USD. */
  maxCostUsd(role: ModelRole, inputTokens: number, outputTokens: number): number;
}
