// What this machine's python3 offers a test that runs it for real: a test that needs what is absent
// is skipped here, not failed.
import { execFileSync } from "node:child_process";

function succeeds(args: readonly string[]): boolean {
  try {
    execFileSync("python3", args, { stdio: "ignore", cwd: "/" });
    return true;
  } catch {
    return false;
  }
}

/** `python3 -m pytest` runs. */
export const hostHasPytest = (): boolean => succeeds(["-m", "pytest", "--version"]);

/** Every one of these modules imports (a distribution to repack, a plugin that must be absent). */
export const hostPythonImports = (...modules: readonly string[]): boolean =>
  succeeds(["-c", `import ${modules.join(", ")}`]);
