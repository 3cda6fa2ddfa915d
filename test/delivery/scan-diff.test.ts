import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deliveryGit } from "../../src/delivery/delivery-git.ts";
import { DeliveryRefusal } from "../../src/delivery/delivery-refusal.ts";
import { checkDiffBeforePush, scanDiff } from "../../src/delivery/scan-diff.ts";
import { createGitFixture, type GitFixture } from "./git-fixture.ts";

// Canaries built at run time so this file itself holds no secret-shaped literal.
const ghp = `ghp_${"A1b2C3d4E5".repeat(4)}`;
const random = "Xk9Qm2Lp7Rt4Vw8Zy3Bn6Cd1Fg5Hj0KaQ7sT2";

describe("checkDiffBeforePush on a real repository", () => {
  let f: GitFixture;
  let base: string;
  beforeEach(async () => {
    f = await createGitFixture();
    base = await f.git(["rev-parse", "HEAD"]);
  });
  afterEach(() => f.cleanup());

  async function refusal(files: Record<string, string>): Promise<DeliveryRefusal | null> {
    const head = await f.commit(files, "change");
    const git = deliveryGit({ dir: f.work, hooksDir: f.hooksDir });
    return checkDiffBeforePush(git, { base, head }).then(
      () => null,
      (e: unknown) => {
        if (e instanceof DeliveryRefusal) return e;
        throw e;
      },
    );
  }

  it("passes an ordinary fix", async () => {
    expect(
      await refusal({
        "src/app.js": "export const x = 2;\nexport const name = 'someVeryLongCamelCaseFunctionName2x';\n",
      }),
    ).toBeNull();
  });

  it("A22: refuses a change to .github/workflows with workflow_files_not_allowed and says why", async () => {
    const err = await refusal({
      ".github/workflows/ci.yml": "on: push\n",
      "src/app.js": "export const x = 3;\n",
    });
    expect(err?.code).toBe("workflow_files_not_allowed");
    expect(err?.message).toContain(".github/workflows/ci.yml");
    expect(err?.message).toContain("no `workflows` permission");
  });

  it("A22: refuses deleting a workflow file too", async () => {
    await f.commit({ ".github/workflows/ci.yml": "on: push\n" }, "add ci");
    base = await f.git(["rev-parse", "HEAD"]);
    await f.git(["rm", "--quiet", ".github/workflows/ci.yml"]);
    await f.git(["commit", "--quiet", "-m", "drop ci"]);
    const head = await f.git(["rev-parse", "HEAD"]);
    const err = await checkDiffBeforePush(deliveryGit({ dir: f.work, hooksDir: f.hooksDir }), {
      base,
      head,
    }).catch((e: unknown) => e);
    expect((err as DeliveryRefusal).code).toBe("workflow_files_not_allowed");
  });

  it("A23: refuses a GitHub token in an added line, naming file and line, never echoing the value", async () => {
    const err = await refusal({ "src/config.js": `// settings\nexport const token = "${ghp}";\n` });
    expect(err?.code).toBe("secret_in_diff");
    expect(err?.message).toContain("src/config.js:2");
    expect(err?.message).not.toContain(ghp);
    expect(err?.message).not.toContain(ghp.slice(4, 20));
  });

  it("A23: refuses a high-entropy token, a private key and a .env file", async () => {
    const key = [
      "-----BEGIN OPENSSH PRIVATE KEY-----",
      "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
      "-----END OPENSSH PRIVATE KEY-----",
    ].join("\n");
    const err = await refusal({
      "src/keys.js": `export const k = "${random}";\n`,
      "deploy/key.txt": `${key}\n`,
      ".env": "API=1\n",
    });
    expect(err?.code).toBe("secret_in_diff");
    expect(err?.message).toContain("src/keys.js:1 (a high-entropy token");
    expect(err?.message).toContain("deploy/key.txt:1 (a private key");
    expect(err?.message).toContain(".env (a .env file");
    expect(err?.message).not.toContain(random);
    expect(err?.message).not.toContain("b3BlbnNzaC1rZXkt");
  });

  it("A23: a lockfile's integrity hashes and an .env.example are not secrets", async () => {
    const integrity = "sha512-" + "Qm9vdHN0cmFwQ29kZUluUGxhY2VGb3JUZXN0cw".repeat(2) + "==";
    expect(
      await refusal({
        "package-lock.json": `{"integrity": "${integrity}", "x": "${random}"}\n`,
        ".env.example": "API_KEY=\n",
      }),
    ).toBeNull();
  });
});

describe("scanDiff", () => {
  const added = (line: string) => ["+++ b/src/http.js", "@@ -0,0 +1 @@", `+${line}`].join("\n");

  it("does not flag code that builds a credential from a variable, but flags a literal one", () => {
    expect(scanDiff(added("const headers = { Authorization: `Bearer ${token}` };"), [])).toEqual([]);
    expect(scanDiff(added('fetch("https://api.example.com/v1?token=" + token);'), [])).toEqual([]);
    expect(
      scanDiff(added('curl -H "Authorization: Bearer abcdefghijklmnopqrstuv" https://api.example.com'), []),
    ).toMatchObject([{ kind: "secret", path: "src/http.js", line: 1, what: "a credential" }]);
  });

  it("tracks line numbers across hunks and ignores removed lines", () => {
    const diff = [
      "diff --git a/a.js b/a.js",
      "--- a/a.js",
      "+++ b/a.js",
      "@@ -1,0 +2,1 @@",
      "+const a = 1;",
      "@@ -9 +10,2 @@",
      `-const old = "${ghp}";`,
      "+const b = 2;",
      `+const t = "${ghp}";`,
    ].join("\n");
    expect(scanDiff(diff, ["a.js"])).toEqual([
      { kind: "secret", path: "a.js", line: 11, what: "a credential", masked: 'const t = "[redacted]";' },
    ]);
  });
});
