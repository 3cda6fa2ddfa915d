// Starts worker processes for the queue tests as real child processes (node + tsx, like `bin/`),
// resolving once each logged that it takes jobs; the test kills them (SIGKILL mid-run, SIGTERM).
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface WorkerProcess {
  pid: number;
  lines: string[];
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

const runTs = fileURLToPath(new URL("../../../bin/run-ts.js", import.meta.url));
const xihe = fileURLToPath(new URL("../../../bin/xihe.js", import.meta.url));
const scripted = fileURLToPath(new URL("./scripted-worker.ts", import.meta.url));

/** The scripted worker (scripted-worker.ts), or `bin/xihe.js worker` itself with `bin: true`. */
export function startWorkerProcess(
  env: NodeJS.ProcessEnv,
  options: { bin?: boolean } = {},
): Promise<WorkerProcess> {
  const args = options.bin ? [xihe, "worker"] : [runTs, scripted];
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail("did not log that it takes jobs"), 60_000);
    let started = false;
    function fail(why: string) {
      if (started) return;
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`worker ${why}; its output:\n${lines.slice(-30).join("\n")}`));
    }
    const carry = { stdout: "", stderr: "" };
    const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      const parts = (carry[stream] + chunk.toString("utf8")).split("\n");
      carry[stream] = parts.pop() ?? "";
      for (const line of parts.filter(Boolean)) {
        lines.push(line);
        if (started || !line.includes('"xihe worker taking jobs"')) continue;
        started = true;
        clearTimeout(timer);
        resolve({ pid: child.pid!, lines, exited, kill: (signal) => child.kill(signal) });
      }
    };
    child.stdout?.on("data", collect("stdout"));
    child.stderr?.on("data", collect("stderr"));
    void exited.then((code) => fail(`exited with ${code} before taking jobs`));
  });
}
