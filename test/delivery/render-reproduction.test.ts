import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FixReport } from "../../src/delivery/fix-report.ts";
import { renderFixComment } from "../../src/delivery/render-fix-comment.ts";

const example = JSON.parse(
  readFileSync(new URL("./fixtures/example-fix-report.json", import.meta.url), "utf8"),
) as FixReport;

const notReproduced: NonNullable<FixReport["reproduction"]> = {
  outcome: "not_reproduced",
  reason:
    'CI said vitest test failure "rounds half up" in test/round.test.js:6, but the sandbox run of `npx vitest run` exited 0',
  ci: [
    {
      tool: "vitest",
      kind: "test",
      file: "test/round.test.js",
      line: 6,
      test: "rounds half up",
      reproduced: false,
    },
  ],
  ciTotal: 1,
  sandbox: [{ command: "npx vitest run", exitCode: 0, timedOut: false, evidence: "", failures: [] }],
};

const section = (body: string) =>
  body.slice(body.indexOf("#### Reproduction"), body.indexOf("#### What changed"));

describe("the reproduction evidence in a fix run's comment", () => {
  it("shows the outcome, what CI said (each failure seen or not) and each sandbox command's exit", () => {
    const body = section(renderFixComment({ ...example, reproduction: notReproduced }));
    expect(body).toContain(
      "🔍 not reproduced: the sandbox does not show CI's failure, so nothing was changed — CI said",
    );
    expect(body).toContain(
      "- ❌ not seen in the sandbox: vitest test `rounds half up` in `test/round.test.js:6`",
    );
    expect(body).toContain("- `npx vitest run` exited 0");
  });

  it("A27: test names, commands and evidence from the PR and its logs are escaped: no mention, no markup", () => {
    const body = section(
      renderFixComment({
        ...example,
        reproduction: {
          ...notReproduced,
          outcome: "environment",
          reason: "a tool is missing @octocat <img src=x> [x](https://evil.example)",
          ci: [{ ...notReproduced.ci[0]!, test: "`@team` <b>x</b>" }],
          sandbox: [
            {
              command: "npx `@org/team`",
              exitCode: 127,
              timedOut: false,
              evidence: "<!-- hidden --> @admins",
              failures: [{ tool: "vitest", kind: "test", file: "a.js", line: 1, test: "@everyone" }],
            },
          ],
        },
      }),
    );
    expect(body).toContain("🧰 environment");
    expect(body).not.toMatch(/@(?!\u200b)[A-Za-z0-9]/);
    expect(body).not.toContain("<img");
    expect(body).not.toContain("<!--");
    expect(body).not.toContain("](https://evil.example)");
    expect(body).toContain(
      "- `` npx `@\u200borg/team` `` exited 127: vitest test `@\u200beveryone` in `a.js:1`",
    );
  });

  it("has no section without CI evidence to compare (the CLI, older runs)", () => {
    expect(renderFixComment({ ...example, reproduction: null })).not.toContain("#### Reproduction");
  });
});
