// Which model serves which role, from the parsed environment: XIHE_MODEL is the default for every
// role and XIHE_MODEL_<ROLE> overrides it. No base URL or no model means "no model configured".
import type { Env } from "../../config.ts";
import { ConfigError } from "../../errors.ts";
import { secretValuesFromSettings } from "../../redact.ts";
import type { ModelRole } from "./model.ts";
import { parsePriceTable, type PriceTable } from "./price-table.ts";
import type { ToolMode } from "./model-client.ts";

export interface ModelSettings {
  baseURL: string;
  apiKey: string;
  models: Record<ModelRole, string>;
  prices: PriceTable;
  toolMode: ToolMode;
  timeoutMs: number;
  /** Values of the environment's secret-named settings, scrubbed from every prompt like from logs. */
  secrets: string[];
}

export function modelSettingsFromEnv(env: Env): ModelSettings | null {
  const fallback = env.XIHE_MODEL;
  const models = {
    perception: env.XIHE_MODEL_PERCEPTION ?? fallback,
    planning: env.XIHE_MODEL_PLANNING ?? fallback,
    execution: env.XIHE_MODEL_EXECUTION ?? fallback,
  };
  const configured = Object.values(models).some((m) => m !== undefined);
  if (!env.XIHE_MODEL_BASE_URL && !configured) return null;
  const missing = Object.entries(models)
    .filter(([, m]) => m === undefined)
    .map(([role]) => `XIHE_MODEL_${role.toUpperCase()}`);
  if (!env.XIHE_MODEL_BASE_URL) missing.unshift("XIHE_MODEL_BASE_URL");
  if (missing.length > 0)
    throw new ConfigError(
      `model configuration incomplete: set ${missing.join(", ")} (or XIHE_MODEL for every role)`,
      missing.map((path) => ({ path, message: "required" })),
    );
  return {
    baseURL: env.XIHE_MODEL_BASE_URL!,
    // Local endpoints (llama.cpp, vLLM) accept any key; the SDK insists on a non-empty one.
    apiKey: env.XIHE_MODEL_API_KEY ?? "unused",
    models: models as Record<ModelRole, string>,
    prices: parsePriceTable(env.XIHE_MODEL_PRICES),
    toolMode: env.XIHE_MODEL_TOOL_MODE,
    timeoutMs: env.XIHE_MODEL_TIMEOUT_SECONDS * 1000,
    secrets: secretValuesFromSettings(env),
  };
}
