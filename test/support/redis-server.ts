// A real redis-server for one test file: started on a free port in its own temp dir and killed by
// the test, which owns the process and so can stop and restart it (an outage mid-run). Persistence
// is off on purpose: a restarted Redis has forgotten every job, as after a crash without AOF.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { scratchDir } from "./scratch-dir.ts";

export interface RedisServer {
  url: string;
  port: number;
  /** Kills the server (SIGKILL: no save) and starts a new empty one on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedisServer(): Promise<RedisServer> {
  const dir = scratchDir("xihe-redis-");
  const port = await freePort();
  let child = await launch(dir, port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async restart() {
      await kill(child);
      child = await launch(dir, port);
    },
    async stop() {
      await kill(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function launch(dir: string, port: number): Promise<ChildProcess> {
  const args = [
    "--bind",
    "127.0.0.1",
    "--port",
    String(port),
    "--dir",
    dir,
    "--save",
    "",
    "--appendonly",
    "no",
  ];
  const child = spawn("redis-server", args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (!output.includes("Ready to accept connections")) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(
        new Error(`redis-server could not be started (apt-get install -y redis-server): ${err.message}`),
      );
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
