// Every tool the agent may call, as an explicit list (no discovery). Order is the order the model sees.
import { askUser } from "./ask-user.ts";
import type { Tool } from "./define-tool.ts";
import { dsQueryWorkflow } from "./ds-query-workflow.ts";
import { dsTriggerWorkflow } from "./ds-trigger-workflow.ts";
import { editFile } from "./edit-file.ts";
import { findSymbol } from "./find-symbol.ts";
import { finish } from "./finish.ts";
import { gitDiff } from "./git-diff.ts";
import { listFiles } from "./list-files.ts";
import { readFile } from "./read-file.ts";
import { runCommand } from "./run-command.ts";
import { searchCode } from "./search-code.ts";
import type { WorkflowToolContext } from "./workflow-tool-context.ts";
import { writeFile } from "./write-file.ts";

export const toolRegistry: readonly Tool[] = [
  listFiles,
  readFile,
  searchCode,
  findSymbol,
  editFile,
  writeFile,
  runCommand,
  gitDiff,
  askUser,
  finish,
];

/** Tools that drive DolphinScheduler (issue 17): they take a WorkflowToolContext, not a workspace. */
export const workflowTools: readonly Tool<WorkflowToolContext>[] = [dsQueryWorkflow, dsTriggerWorkflow];
