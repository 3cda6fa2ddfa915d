import { describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config.ts";
import { cloneUrlOf, githubUrls, noreplyEmail } from "../../src/github/github-urls.ts";

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
