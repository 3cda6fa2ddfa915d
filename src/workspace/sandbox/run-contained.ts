// Spawns one command in its own process group (optionally inside a per-run cgroup, under prlimit),
// streams and caps its output, and at the timeout or an output flood SIGKILLs the whole group and
// cgroup. Shared by the bubblewrap and local runners; `argv` is already the full wrapped command.
import { spawn } from "node:child_process";
import { createCappedOutput } from "./capped-output.ts";
import { createRedactingStream } from "./redacting-stream.ts";
import { type ResourceCgroup } from "./resource-cgroup.ts";
import type { LimitHit, SandboxResult } from "./sandbox.ts";

export interface ContainedRun {
  argv: readonly string[];
  env: Record<string, string>;
  cwd: string;
  timeoutMs: number;
  maxOutputBytes: number;
  stdin?: string;
  signal?: AbortSignal;
  onOutput?: (chunk: string, stream: "stdout" | "stderr") => void;
  cgroup?: ResourceCgroup;
  /** Applied to every streamed chunk and to the final output: no channel carries a secret. */
  redact: (text: string) => string;
  now: () => number;
}

// Joins the cgroup(s) named before `--`, then execs the command: membership starts before the first
// instruction of the untrusted program, so none of its children can be outside the group.
const joinScript = 'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';

export function runContained(run: ContainedRun): Promise<SandboxResult> {
  const started = run.now();
  const argv = run.cgroup
    ? ["/bin/sh", "-c", joinScript, "sh", ...run.cgroup.procsFiles, "--", ...run.argv]
    : run.argv;
  const [program, ...args] = argv;
  if (program === undefined) throw new Error("runContained needs a non-empty argv");
  const child = spawn(program, args, { cwd: run.cwd, env: run.env, detached: true, stdio: "pipe" });
  const out = {
    stdout: createCappedOutput(run.maxOutputBytes),
    stderr: createCappedOutput(run.maxOutputBytes),
  };
  // Past this, we stop reading and kill: a 1 GB flood must not cost 1 GB of pipe traffic.
  const floodBytes = Math.max(run.maxOutputBytes * 16, 1024 * 1024);
  let timedOut = false;
  let flooded = false;
  const killAll = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch (err) {
      if (!(err instanceof Error && "code" in err && err.code === "ESRCH")) throw err;
    }
    run.cgroup?.killAll();
  };
  const onOutput = run.onOutput;
  const live = {
    stdout: createRedactingStream(run.redact, (text) => onOutput?.(text, "stdout")),
    stderr: createRedactingStream(run.redact, (text) => onOutput?.(text, "stderr")),
  };
  for (const stream of ["stdout", "stderr"] as const) {
    child[stream].on("data", (chunk: Buffer) => {
      const streamed = out[stream].push(chunk);
      if (streamed !== "" && onOutput !== undefined) live[stream].write(streamed);
      if (!flooded && out.stdout.totalBytes + out.stderr.totalBytes > floodBytes) {
        flooded = true;
        killAll();
      }
    });
  }
  child.stdin.on("error", () => undefined); // the command may exit without reading its stdin (EPIPE)
  child.stdin.end(run.stdin ?? "");
  const timer = setTimeout(() => {
    timedOut = true;
    killAll();
  }, run.timeoutMs);
  const onAbort = (): void => killAll();
  run.signal?.addEventListener("abort", onAbort);
  // Aborted while the runner was still preparing (a slow engine, a loaded machine): the event has
  // fired already and would never reach the listener, leaving the command to run into its timeout.
  if (run.signal?.aborted) onAbort();
  return new Promise((resolve, reject) => {
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("exit", () => {
      killAll(); // leftovers (daemons, setsid escapees) die with the command
      // A process outside the group could still hold the pipes open; stop waiting for it.
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, 500).unref();
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
      killAll();
      live.stdout.flush();
      live.stderr.flush();
      const stdout = out.stdout.text();
      const stderr = out.stderr.text();
      resolve({
        exitCode,
        signal,
        stdout: run.redact(stdout.text),
        stderr: run.redact(stderr.text),
        truncated: stdout.truncated || stderr.truncated,
        durationMs: run.now() - started,
        timedOut,
        limitHit: flooded ? "output" : limitFromExit(exitCode, signal, run.cgroup),
      });
    });
  });
}

// bwrap reports a child killed by signal N as exit 128+N; the local runner sees the signal itself.
function limitFromExit(exitCode: number | null, signal: string | null, cgroup?: ResourceCgroup): LimitHit {
  const fromCgroup = cgroup?.limitHit() ?? null;
  if (fromCgroup !== null) return fromCgroup;
  if (signal === "SIGXCPU" || exitCode === 128 + 24) return "cpu";
  if (signal === "SIGXFSZ" || exitCode === 128 + 25) return "file_size";
  return null;
}
