import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mintRunToken, TokenScopeError } from "../../src/github/mint-run-token.ts";
import { createHarness, type Harness } from "./app-harness.ts";

describe("mintRunToken", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  const grant = (permissions: Record<string, string>, repositories = [{ name: "Hello-World" }]) =>
    nock("https://api.github.com")
      .post("/app/installations/42/access_tokens", {
        repositories: ["Hello-World"],
        permissions: { contents: "write", pull_requests: "write", metadata: "read" },
      })
      .reply(201, { token: "ghs_runtoken", expires_at: "2099-01-01T00:00:00Z", permissions, repositories });

  it("asks for one repository and the permissions a fix needs", async () => {
    grant({ contents: "write", pull_requests: "write", metadata: "read" });
    const token = await mintRunToken(await h.probot.auth(), {
      installationId: 42,
      repositoryName: "Hello-World",
    });
    expect(token).toEqual({ token: "ghs_runtoken", expiresAt: "2099-01-01T00:00:00Z" });
  });

  it("A37: fails closed with token_scope_too_broad when GitHub grants more than asked", async () => {
    grant({ contents: "write", pull_requests: "write", metadata: "read", workflows: "write" });
    const err = await mintRunToken(await h.probot.auth(), {
      installationId: 42,
      repositoryName: "Hello-World",
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TokenScopeError);
    expect((err as TokenScopeError).code).toBe("token_scope_too_broad");
    expect((err as Error).message).toContain("workflows:write is never allowed");
    expect((err as Error).message).not.toContain("ghs_runtoken");
  });

  it("A37: refuses a token that covers other repositories", async () => {
    grant({ contents: "write" }, [{ name: "Hello-World" }, { name: "secrets-repo" }]);
    await expect(
      mintRunToken(await h.probot.auth(), { installationId: 42, repositoryName: "Hello-World" }),
    ).rejects.toThrow(/covers 2 repositories/);
  });
});
