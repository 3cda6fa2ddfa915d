// File access for the tools, always through the workspace path confinement. Every failure is a
// ToolFailure the model can act on (wrong path, not a text file, too large).
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { ToolFailure } from "../errors.ts";
import { resolveWorkspacePath } from "../workspace/resolve-workspace-path.ts";
import { WorkspacePathError } from "../workspace/workspace-path-error.ts";

const maxFileBytes = 1_000_000;

export function confine(root: string, path: string): string {
  if (path.split(/[\\/]/).includes(".git"))
    throw new ToolFailure(
      `path_outside_workspace: ${JSON.stringify(path)} is inside .git; tools never touch git internals`,
    );
  try {
    return resolveWorkspacePath(root, path);
  } catch (err) {
    if (err instanceof WorkspacePathError) throw new ToolFailure(err.message, { cause: err });
    throw err;
  }
}

/** The file's text, or null when it does not exist. */
export async function readWorkspaceText(root: string, path: string): Promise<string | null> {
  const real = confine(root, path);
  const info = await stat(real).catch((err: unknown) => {
    if (err instanceof Error && "code" in err && err.code === "ENOENT") return null;
    throw err;
  });
  if (info === null) return null;
  if (info.isDirectory()) throw new ToolFailure(`${path} is a directory; use list_files`);
  if (info.size > maxFileBytes)
    throw new ToolFailure(
      `${path} is ${info.size} bytes; read a line range of a smaller file or use search_code`,
    );
  const buffer = await readFile(real);
  if (buffer.includes(0))
    throw new ToolFailure(`${path} is a binary file; it cannot be read or edited as text`);
  return buffer.toString("utf8");
}

export async function requireWorkspaceText(root: string, path: string): Promise<string> {
  const text = await readWorkspaceText(root, path);
  if (text === null)
    throw new ToolFailure(`${path} does not exist; use list_files or search_code to find the right path`);
  return text;
}

export async function writeWorkspaceText(root: string, path: string, text: string): Promise<void> {
  const real = confine(root, path);
  await mkdir(dirname(real), { recursive: true });
  await writeFile(real, text, "utf8");
}
