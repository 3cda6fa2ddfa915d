// File access for the tools, always through the workspace path confinement by real path at use time
// (workspace/read-workspace-file.ts, write-workspace-file.ts). Every failure is a ToolFailure the
// model can act on (wrong path, inside .git, not a text file, too large).
import { ToolFailure } from "../errors.ts";
import { readWorkspaceFile } from "../workspace/read-workspace-file.ts";
import { resolveWorkspacePath } from "../workspace/resolve-workspace-path.ts";
import { WorkspacePathError } from "../workspace/workspace-path-error.ts";
import { writeWorkspaceFile } from "../workspace/write-workspace-file.ts";

const maxFileBytes = 1_000_000;

/** The real path of `path` inside the workspace; a ToolFailure when it leaves it or is in .git. */
export function confine(root: string, path: string): string {
  return asToolFailure(() => resolveWorkspacePath(root, path));
}

/** The file's text, or null when it does not exist. */
export async function readWorkspaceText(root: string, path: string): Promise<string | null> {
  const file = asToolFailure(() => readWorkspaceFile(root, path, { maxBytes: maxFileBytes }));
  switch (file.kind) {
    case "missing":
      return null;
    case "directory":
      throw new ToolFailure(`${path} is a directory; use list_files`);
    case "special":
      throw new ToolFailure(`${path} is not a regular file (a FIFO, socket or device); it cannot be read`);
    case "too_large":
      throw new ToolFailure(
        `${path} is ${file.size} bytes; read a line range of a smaller file or use search_code`,
      );
    case "file":
      if (file.bytes.includes(0))
        throw new ToolFailure(`${path} is a binary file; it cannot be read or edited as text`);
      return file.bytes.toString("utf8");
  }
}

export async function requireWorkspaceText(root: string, path: string): Promise<string> {
  const text = await readWorkspaceText(root, path);
  if (text === null)
    throw new ToolFailure(`${path} does not exist; use list_files or search_code to find the right path`);
  return text;
}

export async function writeWorkspaceText(root: string, path: string, text: string): Promise<void> {
  asToolFailure(() => writeWorkspaceFile(root, path, text));
}

function asToolFailure<T>(action: () => T): T {
  try {
    return action();
  } catch (err) {
    if (err instanceof WorkspacePathError) throw new ToolFailure(err.message, { cause: err });
    throw err;
  }
}
