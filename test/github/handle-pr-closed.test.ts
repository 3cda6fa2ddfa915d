// The PR-closed cleanup deletes a side branch only while it still points at the Xihe commit it
// checked (issue 10 item 8): the delete carries that SHA as a lease.
import { rmSync } from "node:fs";
import { join } from "node:path";
import nock from "nock";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { handlePrClosed } from "../../src/github/handle-pr-closed.ts";
import { createXiheOctokit } from "../../src/github/xihe-octokit.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import type { Store } from "../../src/store/store.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const api = "https://api.github.com";
const repoPath = "/repos/o/r";
const ours = "a".repeat(40);
const pushed = "c".repeat(40);
const leaseFailed = {
  data: { updateRefs: null },
  errors: [{ type: "STALE_DATA", message: "Reference cannot be updated", path: ["updateRefs"] }],
};

describe("handlePrClosed", () => {
  let dir: string;
  let store: Store;
  beforeEach(() => {
    dir = scratchDir("xihe-closed-");
    store = openSqliteStore(join(dir, "xihe.db"));
    nock.disableNetConnect();
  });
  afterEach(async () => {
    nock.cleanAll();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = () => {
    const Octokit = createXiheOctokit(pino({ level: "silent" }), {
      retryAndThrottle: false,
      requestTimeoutMs: 10_000,
    });
    return handlePrClosed(
      new Octokit({ auth: "ghs_test" }),
      { ref: { owner: "o", repo: "r" }, repositoryId: "R_1", fullName: "o/r", prNumber: 7 },
      { store, log: pino({ level: "silent" }), now: () => new Date("2026-01-01T00:00:00Z") },
    );
  };

  const listed = () =>
    nock(api)
      .get(`${repoPath}/git/matching-refs/heads%2Fxihe%2Ffix%2F7-`)
      .reply(200, [{ ref: "refs/heads/xihe/fix/7-ra", object: { sha: ours, type: "commit" } }])
      .get(`${repoPath}/git/commits/${ours}`)
      .reply(200, { sha: ours, message: "xihe: fix\n\nXihe-Run: ra\n" });

  it("keeps a side branch someone pushed to after its tip was checked", async () => {
    const scope = listed()
      .post("/graphql", (b: { variables: { refUpdates: { beforeOid: string }[] } }) => {
        expect(b.variables.refUpdates[0]?.beforeOid).toBe(ours);
        return true;
      })
      .reply(200, leaseFailed)
      .get(`${repoPath}/git/ref/heads%2Fxihe%2Ffix%2F7-ra`)
      .reply(200, { ref: "refs/heads/xihe/fix/7-ra", object: { sha: pushed, type: "commit" } });
    expect(await run()).toEqual([]);
    expect(scope.isDone()).toBe(true);
    expect(await store.listAudit({})).toEqual([]);
  });

  it("fails (so the triage retries) when the delete errs but the branch has not moved", async () => {
    listed()
      .post("/graphql")
      .reply(200, { data: null, errors: [{ type: "FORBIDDEN", message: "Resource not accessible" }] })
      .get(`${repoPath}/git/ref/heads%2Fxihe%2Ffix%2F7-ra`)
      .reply(200, { ref: "refs/heads/xihe/fix/7-ra", object: { sha: ours, type: "commit" } });
    await expect(run()).rejects.toThrow(/Resource not accessible/);
  });
});
