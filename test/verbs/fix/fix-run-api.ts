// The GitHub REST calls of one `/xihe fix` run on PR #1 of Codertocat/Hello-World, as nock interceptors:
// the app's triage (token, config, permission, PR, reaction), then the worker's sticky comment, check
// run, failed-check perception (one job whose log is `log`), run token and, for a same-repo PR, the fix PR.
import nock from "nock";
import { fixture } from "../../github/app-harness.ts";
import {
  installationTokenReply,
  isInstallationTokenRequest,
  runTokenReply,
} from "../../github/run-fixtures.ts";

export const api = "https://api.github.com";
export const repoPath = "/repos/Codertocat/Hello-World";
const blobHost = "https://pipelines.actions.example.test";

export interface FixRunApi {
  /** Bodies of the sticky comment as created. */
  created: string[];
  /** Bodies of every later edit of the sticky comment (the last one is the final report). */
  updates: string[];
  /** Done once the check run was completed. */
  checkDone: nock.Scope;
}

export function interceptFixRun(o: {
  head: string;
  pull: object;
  /** The `.github/xihe.yml` contents reply of the default branch. */
  contents: object;
  log: string;
  fork: boolean;
  /** false: the run must end before delivery (no fix PR is looked up or opened). */
  delivers?: boolean;
}): FixRunApi {
  const gh = nock(api);
  gh.post("/app/installations/2311213/access_tokens", isInstallationTokenRequest)
    .reply(201, installationTokenReply)
    .get(`${repoPath}/contents/.github%2Fxihe.yml`)
    .query({ ref: "master" })
    .times(2)
    .reply(200, o.contents)
    .get(`${repoPath}/collaborators/Codertocat/permission`)
    .times(2)
    .reply(200, fixture("collaborator-permission.write.json"))
    .get(`${repoPath}/pulls/1`)
    .reply(200, o.pull)
    .post(`${repoPath}/issues/comments/492700400/reactions`, { content: "eyes" })
    .reply(201, { id: 1, content: "eyes" });
  const created: string[] = [];
  gh.get(`${repoPath}/issues/1/comments`)
    .query({ per_page: "100" })
    .reply(200, [])
    .post(`${repoPath}/issues/1/comments`, (b: { body: string }) => (created.push(b.body), true))
    .reply(201, { id: 555, html_url: "https://github.com/Codertocat/Hello-World/pull/1#issuecomment-555" })
    .post(
      `${repoPath}/check-runs`,
      (b: { status: string; head_sha: string }) => b.status === "in_progress" && b.head_sha === o.head,
    )
    .reply(201, { id: 777 })
    .get(`${repoPath}/commits/${o.head}/check-runs`)
    .query({ filter: "latest", per_page: 100, page: 1 })
    .reply(200, {
      total_count: 1,
      check_runs: [
        {
          id: 4242,
          name: "test",
          head_sha: o.head,
          status: "completed",
          conclusion: "failure",
          details_url: "https://github.com/Codertocat/Hello-World/actions/runs/1/job/4242",
          app: { id: 15368, slug: "github-actions", name: "GitHub Actions" },
          output: { title: null, summary: null, text: null, annotations_count: 0 },
        },
      ],
    })
    .get(`${repoPath}/commits/${o.head}/status`)
    .query({ per_page: 100 })
    .reply(200, { state: "failure", statuses: [] })
    .get(`${repoPath}/actions/jobs/4242/logs`)
    .reply(302, "", { Location: `${blobHost}/logs/4242?sig=abc` })
    .post(
      "/app/installations/2311213/access_tokens",
      (b: unknown) =>
        typeof b === "object" && b !== null && JSON.stringify(b).includes('"repositories":["Hello-World"]'),
    )
    .reply(201, runTokenReply);
  if (!o.fork && o.delivers !== false)
    gh.get(`${repoPath}/pulls`)
      .query((q) => q.state === "all" && String(q.head).startsWith("Codertocat:xihe/fix/1-"))
      .reply(200, [])
      .post(
        `${repoPath}/pulls`,
        (b: { base: string; head: string }) => b.base === "changes" && b.head.startsWith("xihe/fix/1-"),
      )
      .reply(201, { number: 2, html_url: "https://github.com/Codertocat/Hello-World/pull/2", state: "open" });
  nock(blobHost).get("/logs/4242").query({ sig: "abc" }).reply(200, o.log);
  const updates: string[] = [];
  nock(api)
    .patch(`${repoPath}/issues/comments/555`, (b: { body: string }) => (updates.push(b.body), true))
    .reply(200, { id: 555 })
    .persist();
  const checkDone = nock(api)
    .patch(
      `${repoPath}/check-runs/777`,
      (b: { status: string; conclusion: string }) => b.status === "completed",
    )
    .reply(200, { id: 777 });
  return { created, updates, checkDone };
}
