// Thrown when an outside service (GitHub) did not answer in time, or answered with a server error
// after the client's retries: the worker retries later instead of failing the run or losing the
// command (issue 19).
import { XiheError } from "../errors.ts";

export class ServiceUnreachableError extends XiheError {
  readonly code = "service_unreachable";
  readonly service: string;
  constructor(service: string, detail: string, options?: ErrorOptions) {
    super(`could not reach ${service}: ${detail}; will retry`, options);
    this.service = service;
  }
}
