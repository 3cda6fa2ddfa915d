// What can go wrong talking to DolphinScheduler, each with a message that says what to check.
// A run stops on these (they are not for the model): its reason is the message, and one alert goes out.
import { XiheError } from "../../errors.ts";

/** No answer, a timeout, or a gateway error: the server is down or the URL is wrong. */
export class DsUnreachable extends XiheError {
  readonly code = "ds_unreachable";
}

/** HTTP 401/403 or DolphinScheduler's "user not login" answer: the token is wrong or expired. */
export class DsTokenRefused extends XiheError {
  readonly code = "ds_token_refused";
}

/** A DolphinScheduler answer with a non-zero `code` (no such project, not online, no permission...). */
export class DsApiError extends XiheError {
  readonly code = "ds_api_error";
  readonly dsCode: number;
  constructor(message: string, dsCode: number, options?: ErrorOptions) {
    super(message, options);
    this.dsCode = dsCode;
  }
}

/** The server does not speak the 3.x API this client was written for. */
export class DsUnsupportedVersion extends XiheError {
  readonly code = "ds_unsupported_version";
}

/** No workflow (process definition) of that name in the configured project. */
export class UnknownWorkflow extends XiheError {
  readonly code = "unknown_workflow";
}
