import nock from "nock";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config.ts";
import { deleteRefLeased } from "../../src/github/delete-ref-leased.ts";
import { cloneUrlOf, githubUrls, noreplyEmail } from "../../src/github/github-urls.ts";
import { createXiheOctokit } from "../../src/github/xihe-octokit.ts";

describe("githubUrls", () => {
  it("derives github.com's API, clone and no-reply addresses when GHE_HOST is unset", () => {
    const urls = githubUrls(loadEnv({}));
    expect(urls).toEqual({
      web: "https://github.com",
      api: "https://api.github.com",
      noreplyDomain: "users.noreply.github.com",
    });
    expect(cloneUrlOf(urls, "octo/app")).toBe("https://github.com/octo/app.git");
    expect(noreplyEmail(urls, "xihe[bot]")).toBe("xihe[bot]@users.noreply.github.com");
  });

  it("puts REST under /api/v3 of a GitHub Enterprise Server and uses its protocol and host everywhere", () => {
    const urls = githubUrls(loadEnv({ GHE_HOST: "127.0.0.1:8080", GHE_PROTOCOL: "http" }));
    expect(urls).toEqual({
      web: "http://127.0.0.1:8080",
      api: "http://127.0.0.1:8080/api/v3",
      noreplyDomain: "users.noreply.127.0.0.1",
    });
    expect(cloneUrlOf(urls, "octo/app")).toBe("http://127.0.0.1:8080/octo/app.git");
    const ghes = githubUrls(loadEnv({ GHE_HOST: "ghe.example.com:8443" }));
    expect(ghes.api).toBe("https://ghe.example.com:8443/api/v3");
    expect(noreplyEmail(ghes, "octocat", 7)).toBe("7+octocat@users.noreply.ghe.example.com");
  });
});

describe("the App's Octokit on a GitHub Enterprise Server", () => {
  it("sends REST to /api/v3 and GraphQL (the leased branch delete) to /api/graphql of GHE_HOST", async () => {
    const urls = githubUrls(loadEnv({ GHE_HOST: "ghe.example.test" }));
    const Octokit = createXiheOctokit(pino({ level: "silent" }), {
      retryAndThrottle: false,
      requestTimeoutMs: 10_000,
    });
    const octokit = new Octokit({ auth: "ghs_test", baseUrl: urls.api });
    const graphql = nock("https://ghe.example.test")
      .post("/api/graphql", (b: { query: string }) => b.query.includes("updateRefs"))
      .reply(200, { data: { updateRefs: { clientMutationId: null } } });
    const rest = nock("https://ghe.example.test").get("/api/v3/repos/o/r/pulls/7").reply(200, { number: 7 });
    const deleted = await deleteRefLeased(octokit, {
      ref: { owner: "o", repo: "r" },
      repositoryId: "R_1",
      branch: "xihe/fix/7-r1",
      expectedSha: "a".repeat(40),
    });
    expect(deleted).toEqual({ deleted: true });
    expect((await octokit.rest.pulls.get({ owner: "o", repo: "r", pull_number: 7 })).data).toEqual({
      number: 7,
    });
    expect(graphql.isDone() && rest.isDone()).toBe(true);
  });
});
