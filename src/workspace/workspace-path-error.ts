// Raised when a path the agent or a command names would leave the workspace (directly, through a
// symlink, or through a dangling link whose target we cannot check). The message is for the model.
import { XiheError } from "../errors.ts";

export class WorkspacePathError extends XiheError {
  readonly code = "path_outside_workspace";
  readonly requested: string;
  constructor(requested: string, reason: string) {
    super(`path_outside_workspace: ${JSON.stringify(requested)} ${reason}; use a path inside the repository`);
    this.requested = requested;
  }
}
