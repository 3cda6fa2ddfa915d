// `/xihe suggest` end to end on a project with real dependencies (test/fixtures/projects/suggest-kit:
// jest, eslint, prettier, an npm lockfile). The PR has a formatting error and a prefer-const error in
// its own lines, and enables no-var, which fails src/median.js, a file the PR does not touch. A signed
// webhook goes through the real Probot app; the worker clones the head from a bare repository,
// installs through Xihe's registry proxy in bubblewrap, reproduces, fixes deterministically and
// verifies. GitHub is nock. Expected: one review whose suggestions are the in-diff hunks (multi-line
// where the fix spans lines), median.js on the side branch (fix PR), and their text applied to the
// head passes the checks in a clean clone. Then a simulated "Commit suggestion" push: threads
// resolved, the failing commands re-run and recorded, no second review.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import nock from "nock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, fixture, commentPayload, type Harness } from "../../github/app-harness.ts";
import { realExecutors } from "../../github/run-fixtures.ts";
import { git, makeProjectRemote, type ProjectRemote } from "../fix/e2e-project-remote.ts";
import { api, interceptFixRun, repoPath } from "../fix/fix-run-api.ts";
import { githubUrls, noreplyEmail } from "../../../src/github/github-urls.ts";

const project = fileURLToPath(new URL("../../fixtures/projects/suggest-kit/", import.meta.url));
const commands = { test: ["npx jest"], lint: ["npx eslint .", "npx prettier --check ."] };

interface PostedComment {
  path: string;
  line: number;
  side: string;
  start_line?: number;
  start_side?: string;
  body: string;
}

let root = "";
let h: Harness | undefined;
beforeAll(() => {
  root = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-e2e-suggest-"));
});
afterAll(async () => {
  await h?.close();
  rmSync(root, { recursive: true, force: true });
});

/** GitHub's "List pull request files": each file's patch is git's diff with 3 lines of context. */
function prFiles(remote: ProjectRemote, work: string) {
  const names = git(work, "diff", "--name-only", `master..${remote.head}`).split("\n");
  return names.map((filename) => ({
    filename,
    status: "modified",
    patch: git(work, "diff", `master..${remote.head}`, "--", filename).replace(/^[\s\S]*?(?=^@@)/m, ""),
  }));
}

/** The suggestion blocks' text laid over the head's lines, bottom-up so line numbers hold. */
function applySuggestions(dir: string, comments: PostedComment[]): void {
  const sorted = [...comments].sort((a, b) => b.line - a.line);
  for (const c of sorted) {
    const file = join(dir, c.path);
    const lines = readFileSync(file, "utf8").split("\n");
    lines.splice(
      (c.start_line ?? c.line) - 1,
      c.line - (c.start_line ?? c.line) + 1,
      ...suggestionText(c.body),
    );
    writeFileSync(file, lines.join("\n"));
  }
}

function suggestionText(body: string): string[] {
  const m = /^(`{3,})suggestion\n([\s\S]*?)\n?\1$/m.exec(body);
  if (!m) throw new Error(`no suggestion block in ${body}`);
  return m[2] === "" ? [] : m[2]!.split("\n");
}

function interceptReview(remote: ProjectRemote, work: string) {
  const posted: { body: string; comments: PostedComment[]; commit_id: string }[] = [];
  const gh = nock(api);
  gh.get(`${repoPath}/pulls/1/files`).query(true).reply(200, prFiles(remote, work));
  gh.get(`${repoPath}/pulls/1/reviews`).query(true).reply(200, []);
  gh.post(`${repoPath}/pulls/1/reviews`, (b: (typeof posted)[number]) => (posted.push(b), true)).reply(200, {
    id: 80,
    html_url: "https://github.com/Codertocat/Hello-World/pull/1#pullrequestreview-80",
    body: "",
  });
  gh.get(`${repoPath}/pulls/1/reviews/80/comments`)
    .query(true)
    .reply(200, () =>
      posted[0]!.comments.map((c, i) => ({ id: 900 + i, path: c.path, line: c.line, body: c.body })),
    );
  return posted;
}

describe("/xihe suggest end to end on a project with dependencies", () => {
  it("posts one review of verified suggestions for the PR's own lines, the rest on the side branch; a suggestion push is re-verified without a second review", async () => {
    const remote = makeProjectRemote(root, project, [
      "suggest-kit",
      "mean: rewrite; range: comment; lint: no-var",
    ]);
    const work = join(root, "work");
    h = await createHarness({
      executors: realExecutors(join(root, "xihe-work"), { env: { XIHE_SANDBOX: "bwrap" } }),
    });
    const pull = fixture<{ head: { sha: string }; base: { repo: { clone_url: string } } }>(
      "pulls.get.same-repo.json",
    );
    pull.head.sha = remote.head;
    pull.base.repo.clone_url = `file://${remote.bare}`;
    const config = Buffer.from(`commands: ${JSON.stringify(commands)}\n`).toString("base64");
    const contents = { type: "file", encoding: "base64", content: config, path: ".github/xihe.yml" };
    const { updates } = interceptFixRun({ head: remote.head, pull, contents, log: remote.log, fork: false });
    const posted = interceptReview(remote, work);
    await h.send("issue_comment", commentPayload("/xihe suggest"), "suggest-e2e-1");
    await h.worker.drain();
    const [run] = await h.store.listRuns({});
    const final = updates.at(-1) ?? "";
    expect(run, final).toMatchObject({ verb: "suggest", status: "succeeded", headSha: remote.head });

    // One review, on the head, with the in-diff hunks only.
    expect(posted).toHaveLength(1);
    const review = posted[0]!;
    expect(review.commit_id).toBe(remote.head);
    const places = review.comments.map((c) => [c.path, c.start_line ?? null, c.line, c.side]);
    expect(places).toEqual([
      ["src/mean.js", 1, 3, "RIGHT"],
      ["src/mean.js", null, 6, "RIGHT"],
      ["src/range.js", 4, 5, "RIGHT"],
    ]);
    expect(review.comments[0]!.start_side).toBe("RIGHT");
    expect(review.comments[2]!.body).toMatch(/^eslint failed here: 'lowest' is never reassigned/);
    expect(review.body).toContain("`src/median.js:3`: outside this pull request's diff");
    expect(review.body).toContain("/xihe apply");
    expect(review.body).toContain("| `npx eslint .` | exit 1 | ✅ exit 0 |");
    expect(final).toContain("Offered as 3 suggested change(s) in [one review]");

    // The side branch holds the whole verified fix; each block's text is exactly its lines there.
    const side = git(remote.bare, "branch", "--list", "xihe/fix/*").replace(/^[*\s]+/gm, "");
    const fixed = (path: string) => git(remote.bare, "show", `${side}:${path}`).split("\n");
    const mean = fixed("src/mean.js");
    expect(suggestionText(review.comments[0]!.body)).toEqual(mean.slice(0, 3));
    expect(suggestionText(review.comments[1]!.body)).toEqual([mean[5]]);
    expect(suggestionText(review.comments[2]!.body)).toEqual(fixed("src/range.js").slice(3, 5));
    expect(git(remote.bare, "diff", "--name-only", `${remote.head}..${side}`).split("\n")).toContain(
      "src/median.js",
    );

    // A clean clone of the head with the suggestions' text applied: format and the PR's lint pass;
    // merging the side branch (median.js) then passes the whole lint, with no conflict.
    const check = join(root, "check");
    execFileSync("git", ["clone", "-q", "-b", "changes", remote.bare, check]);
    applySuggestions(check, review.comments);
    const run_ = (file: string, args: string[]) =>
      execFileSync(file, args, { cwd: check, encoding: "utf8", stdio: "pipe", timeout: 300_000 });
    run_("npm", ["ci", "--no-audit", "--no-fund"]);
    expect(run_("npx", ["--no-install", "prettier", "--check", "."])).toContain(
      "All matched files use Prettier code style!",
    );
    run_("npx", ["--no-install", "eslint", "src/mean.js", "src/range.js"]);
    git(check, "commit", "-qam", "Apply suggestions from code review");
    git(check, "merge", "-q", "--no-edit", `origin/${side}`);
    run_("npx", ["--no-install", "eslint", "."]);
    expect(nock.pendingMocks()).toEqual([]);

    // "Commit suggestion" on GitHub: the applied text in a commit naming the App as co-author.
    const bot = noreplyEmail(githubUrls({ GHE_PROTOCOL: "https" }), "xihe[bot]");
    const apply = join(root, "apply");
    execFileSync("git", ["clone", "-q", "-b", "changes", remote.bare, apply]);
    applySuggestions(apply, review.comments);
    git(apply, "commit", "-qam", `Apply suggestions from code review\n\nCo-authored-by: xihe[bot] <${bot}>`);
    git(apply, "push", "-q", "origin", "changes");
    const newHead = git(apply, "rev-parse", "HEAD");
    const resolved = interceptReverify(newHead, contents, pull);
    const sync = fixture<Record<string, unknown>>("issue_comment.created.on-pr.json");
    await h.send("pull_request", synchronizePayload(sync, remote.head, newHead), "suggest-e2e-2");
    await h.worker.drain();
    const runs = await h.store.listRuns({});
    const reverify = runs.find((r) => r.trigger === "push");
    // median.js (outside the diff) still fails `eslint .`: nothing is left to suggest, so no new review.
    expect(reverify, JSON.stringify(runs)).toMatchObject({
      verb: "suggest",
      status: "needs_input",
      headSha: newHead,
    });
    expect(resolved.threads.sort()).toEqual(["T900", "T901", "T902"]);
    const recorded = (await h.store.listAudit({ repo: "Codertocat/Hello-World" })).find(
      (e) => e.action === "suggest_reverified",
    );
    const rerun = recorded?.result as {
      installed: boolean;
      commands: { command: string; passed: boolean }[];
    };
    expect(rerun.installed).toBe(true);
    expect(rerun.commands.find((c) => c.command === "npx prettier --check .")?.passed).toBe(true);
    expect(rerun.commands.find((c) => c.command === "npx eslint .")?.passed).toBe(false);
    expect(posted).toHaveLength(1);
  }, 900_000);
});

function synchronizePayload(from: Record<string, unknown>, before: string, after: string) {
  return {
    action: "synchronize",
    number: 1,
    before,
    after,
    pull_request: { number: 1, state: "open" },
    repository: from.repository,
    sender: from.sender,
    installation: from.installation,
  };
}

/** GitHub's side of the re-verification run: config, PR, run token, status comment, GraphQL threads. */
function interceptReverify(head: string, contents: object, pull: { head: { sha: string } }) {
  const gh = nock(api);
  gh.post("/app/installations/2311213/access_tokens").optionally().reply(201, {
    token: "ghs_installationtoken0000000000",
    expires_at: "2099-01-01T00:00:00Z",
    permissions: {},
  });
  gh.get(`${repoPath}/contents/.github%2Fxihe.yml`).query({ ref: "master" }).times(2).reply(200, contents);
  gh.get(`${repoPath}/pulls/1`).reply(200, { ...pull, head: { ...pull.head, sha: head } });
  gh.get(`${repoPath}/issues/1/comments`).query(true).reply(200, []);
  gh.post(`${repoPath}/issues/1/comments`).reply(201, { id: 556, html_url: "https://github.com/x" });
  gh.post(`${repoPath}/check-runs`).reply(201, { id: 778 });
  gh.patch(`${repoPath}/issues/comments/556`).reply(200, { id: 556 }).persist();
  gh.patch(`${repoPath}/check-runs/778`).reply(200, { id: 778 });
  const threads: string[] = [];
  gh.post("/graphql", (b: { query: string }) => b.query.includes("reviewThreads")).reply(200, {
    data: {
      repository: {
        pullRequest: {
          reviewThreads: {
            nodes: [900, 901, 902].map((id) => ({
              id: `T${id}`,
              isResolved: false,
              comments: { nodes: [{ databaseId: id }] },
            })),
            pageInfo: { hasNextPage: false, endCursor: null },
          },
        },
      },
    },
  });
  gh.post("/graphql", (b: { query: string; variables: { threadId: string } }) => {
    if (!b.query.includes("resolveReviewThread")) return false;
    threads.push(b.variables.threadId);
    return true;
  })
    .times(3)
    .reply(200, (_uri, body) => ({
      data: {
        resolveReviewThread: {
          thread: { id: (body as { variables: { threadId: string } }).variables.threadId, isResolved: true },
        },
      },
    }));
  return { threads };
}
