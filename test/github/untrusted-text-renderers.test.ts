// A46: hostile text through every renderer that posts it (status comment, run list, config-error
// reply, fix PR body, fix comment): nothing in it becomes a live mention, reference, link, image,
// heading, table cell, math, HTML or hidden character.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FixReport } from "../../src/delivery/fix-report.ts";
import { renderFixComment } from "../../src/delivery/render-fix-comment.ts";
import { ConfigError } from "../../src/errors.ts";
import { renderFixPrBody } from "../../src/verbs/fix/render-fix-pr-body.ts";
import { renderRunList } from "../../src/github/render-run-list.ts";
import { renderStatusComment } from "../../src/github/render-status-comment.ts";
import { configErrorReply } from "../../src/github/replies.ts";
import type { RunRecord } from "../../src/store/store.ts";

const hostileLines = [
  "# PWNED heading",
  "@octocat @acme/admins &#64;entity &#x40;hex",
  "see #4242, octo/shop#4243 and GH-4244",
  "[click](https://evil.example/a) ![img](https://evil.example/i.png) https://evil.example/auto www.evil.example",
  "a | b | c",
  "<img src=x onerror=alert(1)> <!-- hidden instructions -->",
  "$$\\unicode{x1F4A9}$$ and $x$",
  "\u001b[31mred\u001b[0m \u202eevil\u202c \u2066iso\u2069 zero\u200bwidth \u0007bell",
  "`code` ``` fence",
];
const hostile = hostileLines.join("\n");

/** Every way the hostile text above could come alive, checked on a rendered body. */
function expectInert(body: string): void {
  expect(body).not.toMatch(/@(?!\u200b)[A-Za-z0-9]/); // a mention (plain or team)
  expect(body).not.toMatch(/&#(?:64|x40);/i); // an entity GitHub would decode into "@"
  expect(body).not.toMatch(/#424[234]/); // #N and owner/repo#N
  expect(body).not.toMatch(/GH-424/i);
  expect(body).not.toContain("https://evil");
  expect(body).not.toContain("www.evil");
  expect(body).not.toMatch(/(?<!\\)\]\(/); // [text](url) or ![alt](url)
  expect(body).not.toMatch(/^\s{0,3}#{1,6}\s+PWNED/m);
  expect(body).not.toMatch(/<img|<!--/);
  expect(body).not.toContain("$");
  for (const hidden of ["\u001b", "\u202e", "\u202c", "\u2066", "\u2069", "\u0007"])
    expect(body).not.toContain(hidden);
  expect(body).not.toContain("zero\u200bwidth");
}

const run: RunRecord = {
  id: "r7f3a9c21d0",
  installationId: 1,
  repo: "octo/shop",
  pr: 12,
  headSha: "9a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
  verb: "fix",
  args: "",
  trigger: "comment",
  requester: "octo",
  status: "failed",
  reason: hostile,
  createdAt: "2026-01-01T00:00:00.000Z",
  startedAt: null,
  endedAt: null,
  workerId: null,
  notBefore: null,
  budget: {},
  spend: {},
  context: {},
};

/** Unescaped `|` on a line: the cell separators GitHub sees. */
function cellBars(line: string): number {
  return line.match(/(?<!\\)\|/g)?.length ?? 0;
}

describe("A46 untrusted text in posted Markdown", () => {
  it("A46: a status line cannot ping, reference, link, open a heading or hide characters", () => {
    const body = renderStatusComment({ ...run, requester: "evil@x" }, { status: "failed", line: hostile });
    expectInert(body.replace(/^<!-- xihe-run:[a-z0-9]+ -->\n/, ""));
    expect(body).toContain("\\# PWNED heading");
  });

  it("A46: a run list row keeps its seven cells whatever the note says", () => {
    const body = renderRunList([run, { ...run, id: "r2", reason: "x | y | z", requester: "a|b" }]);
    expectInert(body);
    const lines = body.split("\n").filter((l) => l.startsWith("|"));
    expect(lines.length).toBe(4);
    for (const line of lines) expect(cellBars(line)).toBe(8);
  });

  it("A46: a config-error reply shows hostile keys and messages as text", () => {
    const reply = configErrorReply(
      new ConfigError("invalid", [
        { path: "commands`\n# PWNED", message: hostile },
        { path: "on_failure", message: "![img](https://evil.example/i.png) @octocat" },
      ]),
    );
    expectInert(reply);
    const rows = reply.split("\n").filter((l) => l.startsWith("- "));
    expect(rows.length).toBe(2);
  });

  it("A46: the fix PR body keeps the model's reason on one inert line", () => {
    const body = renderFixPrBody(12, "r7f3a9c21d0", hostile);
    expectInert(body.replaceAll("#12", ""));
    expect(body.split("\n").length).toBe(5);
  });

  it("A46: the fix comment renders hostile reasons, failures and trace as inert text", () => {
    const example = JSON.parse(
      readFileSync(new URL("../delivery/fixtures/example-fix-report.json", import.meta.url), "utf8"),
    ) as FixReport;
    const body = renderFixComment({
      ...example,
      status: "not_fixed",
      reason: hostile,
      question: hostile,
      delivery: null,
      failures: [{ ...example.failures[0]!, message: hostile, tool: "a|b", test: "t" }],
      stages: [{ name: hostile, status: "failed", detail: hostile }],
      trace: [{ step: hostile, decision: hostile, evidence: [hostile], confidence: 0.5 }],
    });
    // Outside fenced blocks (rollback commands), which GitHub renders as code.
    // The cost line's "$" is Xihe's own (one per line, never math).
    const prose = body.replace(/^(`{3,})[a-z]*\n[\s\S]*?\n\1$/gm, "").replace(/^\d+ tokens .*$/m, "");
    expectInert(prose);
    const failureRows = body.split("\n").filter((l) => l.startsWith("| ") && l.includes("PWNED"));
    expect(failureRows.length).toBe(1);
    expect(cellBars(failureRows[0]!)).toBe(5);
  });
});
