// What a workflow run was asked to start: the workflow's name and its parameters, the `k=v` words of
// `/xihe workflow` or `xihe workflow run` as recorded in the run's args.
import { UsageError } from "../../errors.ts";

const paramName = /^[A-Za-z_][\w.-]{0,63}$/;

/** `name k=v k=v` as a workflow and its parameters; a word that is not k=v is an error naming it. */
export function parseWorkflowArgs(words: readonly string[]): {
  workflow: string;
  params: Record<string, string>;
} {
  const [workflow, ...rest] = words;
  if (!workflow) throw new UsageError("name the workflow to start: workflow <name> [key=value …]");
  const params: Record<string, string> = {};
  for (const word of rest) {
    const eq = word.indexOf("=");
    const key = word.slice(0, eq);
    if (eq <= 0 || !paramName.test(key))
      throw new UsageError(`"${word}" is not a key=value parameter (keys are letters, digits, _ . -)`);
    params[key] = word.slice(eq + 1);
  }
  return { workflow, params };
}
