// `xihe token create` through the CLI entry: the token is printed once, only its hash is stored,
// and bad flags exit 2 saying what to change.
import { join } from "node:path";
import { expect, it } from "vitest";
import { hashToken } from "../../src/api/api-token.ts";
import { main } from "../../src/cli.ts";
import { redactText } from "../../src/redact.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import { scratchDir } from "../support/scratch-dir.ts";

function cli(args: string[], storePath: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    stdout: (t: string) => void out.push(t),
    stderr: (t: string) => void err.push(t),
    readStdin: async () => "",
    env: { XIHE_STORE: storePath },
    cwd: process.cwd(),
    isTTY: false,
  };
  return main(args, io).then((code) => ({ code, out: out.join(""), err: err.join("") }));
}

it("creates a token, stores only its hash with scope, pattern and expiry", async () => {
  const storePath = join(scratchDir("xihe-token-"), "xihe.db");
  const r = await cli(
    ["token", "create", "--repo", "octo/*", "--scope", "run", "--expires", "30d"],
    storePath,
  );
  expect(r.code).toBe(0);
  const token = r.out.trim();
  expect(token).toMatch(/^xihe_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  expect(redactText(`Authorization: ${token}`)).not.toContain(token);
  const store = openSqliteStore(storePath);
  const record = await store.findApiToken(hashToken(token));
  await store.close();
  expect(record).toMatchObject({ repoPattern: "octo/*", scope: "run" });
  const days = (Date.parse(record!.expiresAt!) - Date.parse(record!.createdAt)) / 86_400_000;
  expect(days).toBe(30);
});

it("refuses a bad scope, pattern or expiry with exit 2", async () => {
  const storePath = join(scratchDir("xihe-token-"), "xihe.db");
  const scope = await cli(["token", "create", "--repo", "octo/app", "--scope", "admin"], storePath);
  expect([scope.code, scope.err]).toEqual([
    2,
    expect.stringContaining("--scope must be read, run or approve"),
  ]);
  const repo = await cli(["token", "create", "--repo", "octo", "--scope", "read"], storePath);
  expect([repo.code, repo.err]).toEqual([2, expect.stringContaining("--repo takes owner/name")]);
  const expiry = await cli(
    ["token", "create", "--repo", "octo/app", "--scope", "read", "--expires", "2001-01-01"],
    storePath,
  );
  expect([expiry.code, expiry.err]).toEqual([2, expect.stringContaining("future ISO date")]);
});
