// USD per million tokens, per model id, from XIHE_MODEL_PRICES. A model missing from the table costs
// nothing as far as the budget knows, so the CLI warns about it rather than guessing a price.
import { z } from "zod";
import { ConfigError } from "../../errors.ts";
import type { TokenUsage } from "./model.ts";

const priceSchema = z.record(
  z.string().min(1),
  z.strictObject({ input: z.number().min(0), output: z.number().min(0) }),
);

export type PriceTable = z.infer<typeof priceSchema>;

export function parsePriceTable(text: string | undefined): PriceTable {
  if (text === undefined) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(
      'XIHE_MODEL_PRICES is not JSON; expected {"model": {"input": 0.5, "output": 1.5}}',
      [],
      {
        cause: err,
      },
    );
  }
  const parsed = priceSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({
    path: `XIHE_MODEL_PRICES.${i.path.join(".")}`,
    message: i.message,
  }));
  throw new ConfigError(
    `XIHE_MODEL_PRICES is invalid: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
    issues,
  );
}

export function costOf(prices: PriceTable, model: string, usage: TokenUsage): number {
  const price = prices[model];
  if (!price) return 0;
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
}
