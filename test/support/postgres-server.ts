// A throwaway PostgreSQL cluster owned by one test file: initdb in a temp dir, a free port on
// 127.0.0.1, fsync off. Tests may stop and start it (a database outage) and it is removed after.
//
// The rule: PostgreSQL tests always run and FAIL when the server binaries are missing (CI installs
// the Debian package postgresql from .ci/apt-packages.txt). A developer without them sets
// XIHE_SKIP_PG=1 to skip those tests (`describePg` below); nothing else skips them.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { describe } from "vitest";
import { scratchDir } from "./scratch-dir.ts";

const run = promisify(execFile);

export const skipPostgres = process.env.XIHE_SKIP_PG === "1";

/** describe() for PostgreSQL tests: skipped only when XIHE_SKIP_PG=1. */
export const describePg = skipPostgres ? describe.skip : describe;

export interface PostgresServer {
  readonly port: number;
  /** A new empty database on this server; returns its postgres:// URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its files. */
  destroy(): Promise<void>;
}

/** Debian installs the server binaries outside PATH, one folder per major version. */
export function findPostgresBin(root = "/usr/lib/postgresql"): string {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      `PostgreSQL server binaries not found (no ${root}/*/bin/initdb): install the Debian package ` +
        "postgresql (listed in .ci/apt-packages.txt; scripts/setup.sh installs it), " +
        "or set XIHE_SKIP_PG=1 to skip the PostgreSQL tests on this machine",
    );
  return join(root, versions[0]!, "bin");
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const dir = scratchDir("xihe-pg-");
  // PostgreSQL refuses to run as root: then the cluster belongs to the postgres user apt created.
  const asUser = process.getuid?.() === 0 ? "postgres" : null;
  if (asUser) chownSync(dir, uid(asUser), gid(asUser));
  const data = join(dir, "data");
  const pgCtl = (...args: string[]) => runAs(asUser, join(bin, "pg_ctl"), ["-D", data, ...args]);
  await runAs(asUser, join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "xihe",
    "--auth=trust",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
  ]);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = async () => {
    try {
      await pgCtl("-l", join(dir, "server.log"), "-o", options, "-w", "start");
    } catch (err) {
      const log = existsSync(join(dir, "server.log")) ? readFileSync(join(dir, "server.log"), "utf8") : "";
      throw new Error(`postgres did not start on port ${port}: ${log.slice(-2000)}`, { cause: err });
    }
  };
  const stop = () => pgCtl("-m", "fast", "-w", "stop").then(() => undefined);
  await start();
  let running = true;
  // A test run killed half-way must not leave the server behind.
  const onExit = () => {
    if (!running) return;
    const stopArgs = [join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"];
    const [file, ...args] = asUser ? ["runuser", "-u", asUser, "--", ...stopArgs] : stopArgs;
    execFileSync(file!, args, { stdio: "ignore" });
  };
  process.once("exit", onExit);
  return {
    port,
    async createDatabase(name) {
      const client = new pg.Client({ host: "127.0.0.1", port, user: "xihe", database: "postgres" });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return `postgres://xihe@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop();
      running = false;
      process.off("exit", onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function runAs(user: string | null, file: string, args: string[]) {
  if (user === null) return run(file, args);
  return run("runuser", ["-u", user, "--", file, ...args]);
}

const uid = (user: string) => Number(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim());
const gid = (user: string) => Number(execFileSync("id", ["-g", user], { encoding: "utf8" }).trim());

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
