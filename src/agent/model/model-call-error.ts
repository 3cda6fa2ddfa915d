// A model call that failed for good (not retryable, or retries used up). The loop stops the run with
// this message; it never reaches the model as a tool result.
import { XiheError } from "../../errors.ts";

export class ModelCallError extends XiheError {
  readonly code = "model_call_failed";
  readonly status: number | undefined;
  readonly attempts: number;
  constructor(message: string, status: number | undefined, attempts: number, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.attempts = attempts;
  }
}
