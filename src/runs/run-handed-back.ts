// A worker that is shutting down hands its runs back between steps (or, past its deadline, in the
// middle of one): the run is queued again, not failed, and resumes elsewhere at its first
// unfinished step. It is the reason of the run's abort signal, so an executor that turns errors
// into a failed outcome cannot record the hand-back as a failure.
import { XiheError } from "../errors.ts";

export class RunHandedBack extends XiheError {
  readonly code = "run_handed_back";
}

export function isHandedBack(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason instanceof RunHandedBack;
}
