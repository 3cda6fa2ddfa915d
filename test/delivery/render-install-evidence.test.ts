import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FixReport } from "../../src/delivery/fix-report.ts";
import { renderFixComment } from "../../src/delivery/render-fix-comment.ts";

const example = JSON.parse(
  readFileSync(new URL("./fixtures/example-fix-report.json", import.meta.url), "utf8"),
) as FixReport;

const installed: NonNullable<FixReport["install"]> = {
  status: "installed",
  manager: "npm",
  reason: "installed with npm through the registry proxy",
  steps: [{ command: "npm ci --ignore-scripts --no-audit --no-fund", exitCode: 0, durationMs: 4200 }],
  allowed: [{ endpoint: "127.0.0.1:4873", count: 3 }],
  blocked: ["evil.example:443"],
};

describe("the install evidence in a fix run's comment", () => {
  it("shows the manager, each command with its exit code and duration, the proxied and the blocked hosts", () => {
    const body = renderFixComment({ ...example, install: installed });
    expect(body).toContain("#### Dependencies");
    expect(body).toContain("✅ installed with `npm` — installed with npm through the registry proxy");
    expect(body).toContain("| `npm ci --ignore-scripts --no-audit --no-fund` | 0 | 4.2 s |");
    expect(body).toContain("Through the registry proxy: `127.0.0.1:4873` (3)");
    expect(body).toContain("Blocked by the registry proxy (not an allowed registry): `evil.example:443`");
    // Before the change: dependencies first, then what the fix changed.
    expect(body.indexOf("#### Dependencies")).toBeLessThan(body.indexOf("#### What changed"));
  });

  it("A27: commands, reasons and hosts from the PR are escaped: no mention, no markup, no broken code span", () => {
    const body = renderFixComment({
      ...example,
      install: {
        ...installed,
        status: "failed",
        reason: "npm error 404 @octocat <img src=x> [x](https://evil.example)",
        steps: [{ command: "npm ci `@team` <b>x</b>", exitCode: 1, durationMs: 10 }],
        blocked: ["`@org/team`:443"],
      },
    });
    const section = body.slice(body.indexOf("#### Dependencies"), body.indexOf("#### What changed"));
    expect(section).toContain("❌ failed");
    expect(section).not.toMatch(/@(?!\u200b)[A-Za-z0-9]/);
    expect(section).not.toContain("<img");
    expect(section).not.toContain("](https://evil.example)");
    // Inside a code span markup is shown as text; the span itself must not be broken open.
    expect(section).toContain("| ``npm ci `@\u200bteam` <b>x</b>`` |");
  });

  it("a failed install shows the tool's last output lines in a code block the output cannot break out of", () => {
    const body = renderFixComment({
      ...example,
      install: {
        ...installed,
        status: "failed",
        reason: "`pip install -r requirements.txt` exited 1",
        steps: [{ command: "pip install -r requirements.txt", exitCode: 1, durationMs: 900 }],
        blocked: [],
        errorTail:
          "ERROR: Could not find a version that satisfies the requirement tinydep==9.9\n```\n@octocat <b>x</b>",
      },
    });
    const section = body.slice(body.indexOf("#### Dependencies"), body.indexOf("#### What changed"));
    expect(section).toContain("The failed command's last output:");
    expect(section).toContain(
      "````text\nERROR: Could not find a version that satisfies the requirement tinydep==9.9\n```\n@octocat <b>x</b>\n````",
    );
  });

  it("has no section when the run reported no install", () => {
    expect(renderFixComment({ ...example, install: null })).not.toContain("#### Dependencies");
  });
});
