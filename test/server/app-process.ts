// The App as its operators run it: `node bin/xihe-app.js` in its own process, configured only by its
// environment. Resolves once it logged "xihe app listening", with the port it bound (PORT=0).
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface AppProcess {
  port: number;
  pid: number;
  /** Every line the process printed so far (pino JSON on stdout, anything else on stderr). */
  lines: string[];
  /** True while the process runs. */
  alive(): boolean;
  /** SIGTERM, then the exit code (the App closes its server, worker and store first). */
  stop(): Promise<number | null>;
}

const bin = fileURLToPath(new URL("../../bin/xihe-app.js", import.meta.url));

export function startAppProcess(env: NodeJS.ProcessEnv, startTimeoutMs = 60_000): Promise<AppProcess> {
  const child: ChildProcess = spawn(process.execPath, [bin], { env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let exited: number | null | undefined;
  const exit = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      exited = code;
      resolve(code);
    }),
  );
  let listening = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail('did not log "xihe app listening"'), startTimeoutMs);
    function fail(why: string) {
      if (listening) return;
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`xihe-app ${why}; its output:\n${lines.slice(-40).join("\n")}`));
    }
    const carry = { stdout: "", stderr: "" };
    const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      const text = carry[stream] + chunk.toString("utf8");
      const complete = text.split("\n");
      carry[stream] = complete.pop() ?? "";
      for (const line of complete.filter(Boolean)) {
        lines.push(line);
        const port = listeningPort(line);
        if (port === null || listening) continue;
        listening = true;
        clearTimeout(timer);
        resolve({
          port,
          pid: child.pid!,
          lines,
          alive: () => exited === undefined,
          async stop() {
            if (exited === undefined) child.kill("SIGTERM");
            return exit;
          },
        });
      }
    };
    child.stdout?.on("data", collect("stdout"));
    child.stderr?.on("data", collect("stderr"));
    void exit.then((code) => fail(`exited with ${code} before listening`));
  });
}

function listeningPort(line: string): number | null {
  if (!line.startsWith("{")) return null;
  const entry = JSON.parse(line) as { msg?: string; port?: number };
  return entry.msg === "xihe app listening" && typeof entry.port === "number" ? entry.port : null;
}
