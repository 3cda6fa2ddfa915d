// How a store writes a JSON column or an error text (SQLite and PostgreSQL keep JSON as text).
import { redactText } from "../redact.ts";
import type { Json } from "./store.ts";

/** Stored records never hold a secret: every JSON column and error text passes the redactor. */
export const json = (value: Json): string => redactText(JSON.stringify(value));
