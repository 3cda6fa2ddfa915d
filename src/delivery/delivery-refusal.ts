// Why delivery refused to push, open, apply or undo something. Each code is stable (tests, comments
// and the audit log branch on it); the message says what was wrong and what to do instead.
import { XiheError } from "../errors.ts";

export type DeliveryRefusalCode =
  | "workflow_files_not_allowed"
  | "secret_in_diff"
  | "unsafe_llm_output"
  | "branch_not_ours"
  | "head_moved"
  | "head_moved_since_approval"
  | "merge_conflict"
  | "revert_conflict"
  | "nothing_to_undo";

export class DeliveryRefusal extends XiheError {
  readonly code: DeliveryRefusalCode;
  constructor(code: DeliveryRefusalCode, message: string) {
    super(message);
    this.code = code;
  }
}
