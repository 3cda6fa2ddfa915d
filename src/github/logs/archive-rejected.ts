// A downloaded log archive that could write outside its directory or exhaust disk or memory
// (threat A17). The job still reports "couldn't read logs" with this reason.
import { XiheError } from "../../errors.ts";

export class LogArchiveRejected extends XiheError {
  readonly code = "log_archive_rejected";
  readonly reason: string;
  constructor(reason: string) {
    super(`log_archive_rejected: ${reason}`);
    this.reason = reason;
  }
}
