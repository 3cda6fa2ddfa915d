// Typed errors for two audiences: ToolFailure goes back to the model; every other XiheError stops
// the step, is persisted with its cause and reported once. Branch on `code` or instanceof, never on text.
export abstract class XiheError extends Error {
  abstract readonly code: string;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A tool call the model can correct: the message is shown to it verbatim. */
export class ToolFailure extends XiheError {
  readonly code = "tool_failure";
}

/** Bad user input (flags, config, files): the CLI exits 2 with the message. */
export class UsageError extends XiheError {
  readonly code = "usage_error";
}

/** The repository's `.github/xihe.yml` or the environment failed validation. */
export class ConfigError extends XiheError {
  readonly code = "config_invalid";
  readonly issues: readonly { path: string; message: string }[];
  constructor(
    message: string,
    issues: readonly { path: string; message: string }[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.issues = issues;
  }
}
