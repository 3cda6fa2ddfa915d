// Everything between the model's words and a tool running: the arguments parse as JSON, the tool
// exists, the input matches its schema, the run's mode allows its permission, paths stay inside the
// repository, commands pass the policy, and a proposed change is risk-scored. Invalid calls come back
// as messages for the model; a high-risk change is held back as a question for a person.
import { ToolFailure } from "../../errors.ts";
import type { Permission, PreparedCall, Tool, ToolContext } from "../../tools/define-tool.ts";
import { confine } from "../../tools/workspace-files.ts";
import type { ToolCallRequest } from "../model/model.ts";
import { scoreChangeRisk, type ChangeRisk } from "./score-change-risk.ts";

export type CallVerdict =
  | { kind: "invalid"; message: string }
  | { kind: "risky"; call: PreparedCall; risk: ChangeRisk; question: string }
  | { kind: "ok"; call: PreparedCall; risk: ChangeRisk | null };

export async function validateToolCall(
  request: ToolCallRequest,
  tools: readonly Tool[],
  allowed: readonly Permission[],
  ctx: ToolContext,
): Promise<CallVerdict> {
  const tool = tools.find((t) => t.name === request.name);
  if (!tool)
    return {
      kind: "invalid",
      message: `unknown tool ${JSON.stringify(request.name)}; available: ${tools.map((t) => t.name).join(", ")}`,
    };
  let args: unknown;
  try {
    args = request.arguments.trim() === "" ? {} : JSON.parse(request.arguments);
  } catch (err) {
    return {
      kind: "invalid",
      message: `arguments for ${tool.name} are not valid JSON (${(err as Error).message}); send one JSON object`,
    };
  }
  const prepared = tool.prepare(args, allowed);
  if (!prepared.ok) return { kind: "invalid", message: prepared.message };
  const pathProblem = checkPaths(prepared.call.input, ctx.root);
  if (pathProblem) return { kind: "invalid", message: pathProblem };
  const command = commandOf(prepared.call.input);
  if (tool.name === "run_command" && command !== null) {
    const check = ctx.checkCommand(command);
    if (!check.ok) return { kind: "invalid", message: `command refused: ${check.reason}` };
  }
  if (tool.permission !== "write") return { kind: "ok", call: prepared.call, risk: null };
  let changes;
  try {
    changes = await prepared.call.preview(ctx);
  } catch (err) {
    if (err instanceof ToolFailure) return { kind: "invalid", message: err.message };
    throw err;
  }
  const risk = scoreChangeRisk(changes);
  if (risk.level !== "high") return { kind: "ok", call: prepared.call, risk };
  const question = `The proposed change is high-risk and was not applied: ${risk.reasons.join("; ")}. Approve it, or say what to do instead?`;
  return { kind: "risky", call: prepared.call, risk, question };
}

function checkPaths(input: unknown, root: string): string | null {
  if (typeof input !== "object" || input === null) return null;
  const record = input as Record<string, unknown>;
  const candidates = [
    record.path,
    record.cwd,
    record.under,
    ...(Array.isArray(record.paths) ? record.paths : []),
  ];
  for (const value of candidates) {
    if (typeof value !== "string") continue;
    try {
      confine(root, value);
    } catch (err) {
      if (err instanceof ToolFailure) return err.message;
      throw err;
    }
  }
  return null;
}

function commandOf(input: unknown): string | null {
  if (typeof input !== "object" || input === null) return null;
  const value = (input as Record<string, unknown>).command;
  return typeof value === "string" ? value : null;
}
