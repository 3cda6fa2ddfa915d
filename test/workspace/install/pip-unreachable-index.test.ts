// pip under the install phase's environment gives up on an index that does not answer after one
// retry, instead of its default five with back-off per page (minutes, offline): real pip against a
// server on 127.0.0.1 that drops every connection, as the registry proxy does when the index is out
// of reach. What is counted is the requests pip made, not time.
import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { installEnv } from "../../../src/workspace/install/install-env.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

function hostHasPip(): boolean {
  try {
    execFileSync("python3", ["-m", "pip", "--version"], { stdio: "ignore", cwd: "/" });
    return true;
  } catch {
    return false;
  }
}

let server: Server | undefined;
let scratch: ReturnType<typeof makeScratchDir> | undefined;
afterEach(async () => {
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  scratch?.remove();
});

describe("the install environment's pip", () => {
  it.skipIf(!hostHasPip())(
    "tries an index that drops the connection twice, then fails",
    async () => {
      const paths: string[] = [];
      server = createServer((req) => {
        paths.push(req.url ?? "");
        req.socket.destroy();
      });
      await new Promise<void>((listening) => server!.listen(0, "127.0.0.1", listening));
      const { port } = server.address() as AddressInfo;
      scratch = makeScratchDir("pip-unreachable");
      const env = installEnv({ allowedUrls: [], pipIndexUrl: `http://127.0.0.1:${port}/simple` }, false);
      const run = await execa(
        "python3",
        ["-m", "pip", "download", "--no-deps", "--dest", join(scratch.dir, "out"), "flit_core"],
        {
          reject: false,
          extendEnv: false,
          env: { ...env, PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: scratch.dir },
          cwd: scratch.dir,
        },
      );
      expect(run.exitCode).not.toBe(0);
      expect(run.stderr).toMatch(/No matching distribution found for flit_core/);
      expect(paths).toEqual(["/simple/flit-core/", "/simple/flit-core/"]);
    },
    60_000,
  );
});
