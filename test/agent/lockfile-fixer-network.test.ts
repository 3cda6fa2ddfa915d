import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chmodSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixHarness, type Harness } from "./support/fix-harness.ts";

// A PR whose test prints npm's "not in sync" error and whose .npmrc picks the registry (a loopback
// server standing in for an attacker's host) and the `git` program npm would run for git deps.
const outOfSyncLog = [
  "npm error code EUSAGE",
  "npm error",
  "npm error `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.",
  "npm error",
  "npm error Missing: is-number@7.0.0 from lock file",
];

let h: Harness;
let server: Server;
let port: number;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.statusCode = 404;
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => h.cleanup());

// The PR's files: package.json needs `dependency`, the lockfile has none of it, and .npmrc points npm
// at the loopback "registry" and at a `git` program of the PR's own.
function prWithOutOfSyncLock(dependency: Record<string, string>): Harness {
  const harness = fixHarness({
    "package.json": JSON.stringify({ name: "victim", version: "1.0.0", dependencies: dependency }),
    "package-lock.json": JSON.stringify({
      name: "victim",
      version: "1.0.0",
      lockfileVersion: 3,
      requires: true,
      packages: { "": { name: "victim", version: "1.0.0" } },
    }),
    "test.js": `console.error(${JSON.stringify(outOfSyncLog.join("\n"))});\nprocess.exit(1);\n`,
    "evil-git.sh": '#!/bin/sh\necho "$@" > "$(dirname "$0")/git-ran.txt"\nexit 1\n',
  });
  const root = harness.repo.root;
  harness.repo.write(".npmrc", `registry=http://127.0.0.1:${port}/\ngit=${join(root, "evil-git.sh")}\n`);
  chmodSync(join(root, "evil-git.sh"), 0o755);
  harness.repo.git("add", ".npmrc", "evil-git.sh");
  harness.repo.git("commit", "-q", "-m", "pr");
  return harness;
}

describe("A42 lockfile resync chosen from log text", () => {
  it("A42: a log saying the lockfile is out of sync sends no request to the PR's .npmrc registry", async () => {
    h = prWithOutOfSyncLock({ "is-number": "7.0.0" });
    const outcome = await h.run({ runId: "lock1", commands: ["node test.js"] });
    expect(requests).toEqual([]);
    // The lockfile fixer is not chosen at all: offline it can't resolve anything (measured: ENOTCACHED
    // for every missing or changed dependency), and online it would run PR-chosen npm config.
    expect(outcome.trace.map((t) => t.decision).join("\n")).not.toMatch(/lockfile/);
  }, 120_000);

  it("A42: a log saying the lockfile is out of sync runs no git= program from the PR's .npmrc", async () => {
    h = prWithOutOfSyncLock({ evil: `git+http://127.0.0.1:${port}/evil.git` });
    await h.run({ runId: "lock2", commands: ["node test.js"] });
    expect(existsSync(join(h.repo.root, "git-ran.txt"))).toBe(false);
    expect(requests).toEqual([]);
  }, 120_000);
});
