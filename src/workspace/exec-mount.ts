// Refuses a workspaces directory on a noexec mount: a project's own tools (node_modules/.bin/jest,
// a venv's pytest) are executed from the checkout, and there every one exits 126, so CI's failure
// never reproduces and the run ends asking for input. Container engines mount /dev/shm noexec
// (Docker's and podman's default, and --shm-size), which is where workspaces go in the App image.
import { readFileSync, realpathSync } from "node:fs";
import { XiheError } from "../errors.ts";

export class WorkspaceMountError extends XiheError {
  readonly code = "workspace_noexec";
}

export function assertExecutableMount(
  dir: string,
  mountInfo = readFileSync("/proc/self/mountinfo", "utf8"),
): void {
  const mount = mountOf(realpathSync(dir), mountInfo);
  if (mount?.options.includes("noexec"))
    throw new WorkspaceMountError(
      `${dir} is on a noexec mount (${mount.point}): the project's own tools could not run there (exit 126); ` +
        "mount it with exec (in a container: --tmpfs /dev/shm:rw,exec,nosuid,nodev,size=2g instead of --shm-size) " +
        "or point XIHE_WORK_DIR elsewhere",
    );
}

/** The mount holding `path`: the longest mount point that is `path` or one of its parents. */
export function mountOf(path: string, mountInfo: string): { point: string; options: string[] } | null {
  let best: { point: string; options: string[] } | null = null;
  for (const line of mountInfo.split("\n")) {
    // `id parent major:minor root mountpoint options [optional fields] - fstype source superoptions`
    const fields = line.split(" ");
    if (fields.length < 6) continue;
    const point = unescapeOctal(fields[4]!);
    const inside = point === "/" || path === point || path.startsWith(`${point}/`);
    // A later line for the same point is a mount on top of the earlier one.
    if (inside && (best === null || point.length >= best.point.length))
      best = { point, options: fields[5]!.split(",") };
  }
  return best;
}

// mountinfo writes space, tab, newline and backslash in paths as \040, \011, \012, \134.
function unescapeOctal(text: string): string {
  return text.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}
