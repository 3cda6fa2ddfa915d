// Plain data for a JSON column or step output: drops undefined and anything JSON cannot hold.
import type { Json } from "./store.ts";

export function toJson<T>(value: T): T & Json {
  return JSON.parse(JSON.stringify(value)) as T & Json;
}
