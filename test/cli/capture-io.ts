import type { CliIo } from "../../src/cli/cli-io.ts";

/** A CliIo that keeps what a command prints, run as if from `cwd`, with no terminal and no env. */
export function captureIo(cwd: string, stdin = ""): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: async () => stdin,
    env: {},
    cwd,
    isTTY: false,
  };
}
