// Typed reads of a run's free-form context (set by the trigger, extended by the worker).
import type { Json, RunRecord } from "../store/store.ts";

export function contextObject(run: Pick<RunRecord, "context">): Record<string, Json> {
  const c = run.context;
  return c !== null && typeof c === "object" && !Array.isArray(c) ? c : {};
}

export function contextString(run: Pick<RunRecord, "context">, key: string): string | null {
  const v = contextObject(run)[key];
  return typeof v === "string" ? v : null;
}

export function contextNumber(run: Pick<RunRecord, "context">, key: string): number | null {
  const v = contextObject(run)[key];
  return typeof v === "number" ? v : null;
}

export function contextBoolean(run: Pick<RunRecord, "context">, key: string): boolean {
  return contextObject(run)[key] === true;
}
