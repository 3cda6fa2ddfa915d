// Thrown when GitHub says to wait longer than a run should block a worker: the worker parks the
// run until `resumeAt` instead of failing it (threat model A33).
import { XiheError } from "../errors.ts";

export class RateLimitedError extends XiheError {
  readonly code = "rate_limited";
  readonly resumeAt: Date;
  constructor(resumeAt: Date, options?: ErrorOptions) {
    super(`rate limited, resuming at ${resumeAt.toISOString()}`, options);
    this.resumeAt = resumeAt;
  }
}
