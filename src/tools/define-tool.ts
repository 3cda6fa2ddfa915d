// The shape of every agent tool: one zod input (the JSON Schema the model sees is derived from it),
// a permission level and an idempotent flag. `prepare` parses the raw arguments and checks the
// permission before anything runs; a bad call is a message for the model, never an exception.
import { z } from "zod";
import type { CodeIndex } from "../understanding/index/code-index.ts";
import type { Sandbox } from "../workspace/sandbox/sandbox.ts";
import type { WorkspaceGit } from "./workspace-git.ts";

/** `remote_write` starts something outside the workspace (a DolphinScheduler workflow). */
export type Permission = "read" | "write" | "command" | "remote_write";

export interface ToolResult {
  /** What the model reads. */
  forModel: string;
  /** One line for traces, memos and comments. */
  summary: string;
  /** A command that was killed at its timeout (the loop stops after several in a row). */
  timedOut?: boolean;
}

/** A file change a write tool would make, computed before it is made (for the risk score). */
export interface ProposedChange {
  path: string;
  before: string | null;
  after: string | null;
}

export type CommandCheck = { ok: true; argv: string[] } | { ok: false; reason: string };

export interface ToolContext {
  root: string;
  sandbox: Sandbox;
  git: WorkspaceGit;
  /** The commit the run started from: diffs are shown against it. */
  baseCommit: string;
  index: CodeIndex | null;
  /** The workspace command policy: refuses anything outside the configured and read-only commands. */
  checkCommand: (line: string) => CommandCheck;
  commandTimeoutMs: number;
  signal?: AbortSignal;
}

// Workspace tools run with a ToolContext; the workflow tools (ds-*.ts) with their own context.
export interface PreparedCall<C = ToolContext> {
  tool: string;
  input: unknown;
  preview: (ctx: C) => Promise<ProposedChange[]>;
  run: (ctx: C) => Promise<ToolResult>;
}

export type PrepareResult<C = ToolContext> =
  { ok: true; call: PreparedCall<C> } | { ok: false; message: string };

export interface Tool<C = ToolContext> {
  name: string;
  description: string;
  permission: Permission;
  idempotent: boolean;
  parameters: Record<string, unknown>;
  prepare: (args: unknown, allowed: readonly Permission[]) => PrepareResult<C>;
}

interface ToolDefinition<S extends z.ZodType, C> {
  name: string;
  description: string;
  permission: Permission;
  idempotent: boolean;
  input: S;
  preview?: (input: z.infer<S>, ctx: C) => Promise<ProposedChange[]>;
  run: (input: z.infer<S>, ctx: C) => Promise<ToolResult>;
}

export function defineTool<S extends z.ZodType, C = ToolContext>(definition: ToolDefinition<S, C>): Tool<C> {
  const { name, description, permission, idempotent, input } = definition;
  return {
    name,
    description,
    permission,
    idempotent,
    parameters: z.toJSONSchema(input) as Record<string, unknown>,
    prepare(args, allowed) {
      if (!allowed.includes(permission))
        return {
          ok: false,
          message: `${name} needs "${permission}" permission, which this run does not have (allowed: ${allowed.join(", ")})`,
        };
      const parsed = input.safeParse(args);
      if (!parsed.success)
        return { ok: false, message: `invalid arguments for ${name}: ${describeIssues(parsed.error)}` };
      const value = parsed.data;
      return {
        ok: true,
        call: {
          tool: name,
          input: value,
          preview: async (ctx) => (definition.preview ? definition.preview(value, ctx) : []),
          run: (ctx) => definition.run(value, ctx),
        },
      };
    },
  };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "(arguments)";
      if (issue.code === "unrecognized_keys") return `unknown field(s) ${issue.keys.join(", ")}: remove them`;
      return `${field}: ${issue.message}`;
    })
    .join("; ");
}
