// One line naming every field a stored value got wrong, for errors that must say what to fix.
import type { z } from "zod";

export function describeZodIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length > 0 ? i.path.join(".") : "(the value itself)"}: ${i.message}`)
    .join("; ");
}
