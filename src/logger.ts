// The one logger: pino, with redaction done here rather than at each call site. Secret-looking
// keys are censored by path, and secret-looking values are scrubbed from every string by redactText.
import { pino, type Logger } from "pino";
import { redactText } from "./redact.ts";

export type { Logger };

const secretKeys = [
  "token",
  "privateKey",
  "private_key",
  "secret",
  "password",
  "apiKey",
  "api_key",
  "authorization",
  "Authorization",
  "webhookUrl",
];

const redactPaths = [
  ...secretKeys,
  ...secretKeys.map((k) => `*.${k}`),
  "headers.authorization",
  "*.headers.authorization",
  "req.headers.authorization",
  "request.headers.authorization",
  "err.request.headers.authorization",
];

export function createLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: redactPaths, censor: "[redacted]" },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((a) => (typeof a === "string" ? redactText(a) : a));
          return method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
      formatters: {
        log(object) {
          return scrubValues(object) as Record<string, unknown>;
        },
      },
    },
    options.destination ?? pino.destination(2),
  );
}

function scrubValues(value: unknown, depth = 0): unknown {
  if (depth > 6) return value;
  if (typeof value === "string") return redactText(value);
  if (Array.isArray(value)) return value.map((v) => scrubValues(v, depth + 1));
  if (value instanceof Error)
    return {
      type: value.name,
      message: redactText(value.message),
      stack: value.stack ? redactText(value.stack) : undefined,
    };
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValues(v, depth + 1)]));
  }
  return value;
}
