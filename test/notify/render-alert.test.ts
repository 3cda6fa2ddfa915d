/* eslint-disable no-irregular-whitespace -- the Slack snapshots hold the zero-width spaces that break its formatting marks */
// Alert text is fixed templates plus neutralised parameters: pinned per channel and language, and
// hostile parameters (mentions, links, markup from a PR author's log line) come out inert.
import { describe, expect, it } from "vitest";
import { renderAlertMessages } from "../../src/notify/render-alert-message.ts";
import { alertEvent } from "./alert-fixtures.ts";

const group = (
  events = [alertEvent(), alertEvent({ runId: "r0002", runName: "fix acme/api#13", triggeredBy: "bob" })],
) => [{ cause: "run_gave_up|acme/api|repairs_exhausted", events }];

describe("alert templates", () => {
  it("renders WeCom markdown in English", () => {
    const [body] = renderAlertMessages({ type: "wecom" }, group(), "en") as [
      { markdown: { content: string } },
    ];
    expect(body.markdown.content).toMatchInlineSnapshot(`
      "### Xihe: 2 runs gave up — acme/api
      **Why:** repairs_exhausted — npm test still fails after 3 repair rounds: expected 3 to equal 4
      **Stage:** step 5/7 (verify)
      **Retries:** 3
      **Steps:** comment → perceive → install → exec → verify
      **Runs:** [fix acme/api#12](https://github.com/acme/api/pull/12) (r0001, by alice) [trace](https://github.com/acme/api/pull/12#issuecomment-1); [fix acme/api#13](https://github.com/acme/api/pull/12) (r0002, by bob) [trace](https://github.com/acme/api/pull/12#issuecomment-1)
      **What to do:** Fix it by hand: automatic repairs were tried and did not pass verification."
    `);
  });

  it("renders WeCom markdown in Chinese", () => {
    const [body] = renderAlertMessages({ type: "wecom" }, group(), "zh") as [
      { markdown: { content: string } },
    ];
    expect(body.markdown.content).toMatchInlineSnapshot(`
      "### 羲和：2 个运行已放弃，需要人工处理 — acme/api
      **原因：** repairs_exhausted — npm test still fails after 3 repair rounds: expected 3 to equal 4
      **阶段：** 第 5/7 步（verify）
      **重试：** 3 次
      **步骤链：** comment → perceive → install → exec → verify
      **运行：** [fix acme/api#12](https://github.com/acme/api/pull/12) (r0001, 触发人 alice) [轨迹](https://github.com/acme/api/pull/12#issuecomment-1); [fix acme/api#13](https://github.com/acme/api/pull/12) (r0002, 触发人 bob) [轨迹](https://github.com/acme/api/pull/12#issuecomment-1)
      **建议：** 请手动修复：自动修复已尝试，但未通过验证。"
    `);
  });

  it("renders Slack Block Kit in English and Chinese", () => {
    expect(renderAlertMessages({ type: "slack" }, group(), "en")).toMatchInlineSnapshot(`
      [
        {
          "blocks": [
            {
              "text": {
                "text": "Xihe: 2 runs gave up — acme/api",
                "type": "plain_text",
              },
              "type": "header",
            },
            {
              "text": {
                "text": "*Why:* repairs​_exhausted — npm test still fails after 3 repair rounds: expected 3 to equal 4
      *Stage:* step 5/7 (verify)
      *Retries:* 3
      *Steps:* comment → perceive → install → exec → verify
      *What to do:* Fix it by hand: automatic repairs were tried and did not pass verification.",
                "type": "mrkdwn",
              },
              "type": "section",
            },
            {
              "text": {
                "text": "*Runs:*
      • <https://github.com/acme/api/pull/12|fix acme/api#12> (r0001, by alice) <https://github.com/acme/api/pull/12#issuecomment-1|trace>
      • <https://github.com/acme/api/pull/12|fix acme/api#13> (r0002, by bob) <https://github.com/acme/api/pull/12#issuecomment-1|trace>",
                "type": "mrkdwn",
              },
              "type": "section",
            },
          ],
          "text": "Xihe: 2 runs gave up — acme/api Why: repairs_exhausted — npm test still fails after 3 repair rounds: expected 3 to equal 4 Stage: step 5/7 (verify) Retries: 3 Steps: comment → perceive → install → exec → verify Runs: fix acme/api#12 https://github.com/acme/api/pull/12 (r0001, by alice) trace https://github.com/acme/api/pull/12#issuecomment-1; fix acme/api#13 https://github.com/acme/api/pull/12 (r0002, by bob) trace https://github.com/acme/api/pull/12#issuecomment-1 What to do: Fix it by hand: automatic repairs were tried and did not pass verification.",
        },
      ]
    `);
    const [zh] = renderAlertMessages({ type: "slack" }, group(), "zh") as [
      { blocks: { text?: { text: string } }[] },
    ];
    expect(zh.blocks.map((b) => b.text?.text ?? "—").join("\n")).toMatchInlineSnapshot(`
      "羲和：2 个运行已放弃，需要人工处理 — acme/api
      *原因：* repairs​_exhausted — npm test still fails after 3 repair rounds: expected 3 to equal 4
      *阶段：* 第 5/7 步（verify）
      *重试：* 3 次
      *步骤链：* comment → perceive → install → exec → verify
      *建议：* 请手动修复：自动修复已尝试，但未通过验证。
      *运行：*
      • <https://github.com/acme/api/pull/12|fix acme/api#12> (r0001, 触发人 alice) <https://github.com/acme/api/pull/12#issuecomment-1|轨迹>
      • <https://github.com/acme/api/pull/12|fix acme/api#13> (r0002, 触发人 bob) <https://github.com/acme/api/pull/12#issuecomment-1|轨迹>"
    `);
  });

  it("renders the generic webhook's JSON with the alerts as data and a plain-text summary", () => {
    const [body] = renderAlertMessages({ type: "webhook" }, group(), "en") as [
      { text: string; groups: { runs: string[] }[] },
    ];
    expect(body.groups[0]?.runs).toEqual(["r0001", "r0002"]);
    expect(body.text).toMatchInlineSnapshot(`
      "Xihe: 2 runs gave up — acme/api
      Why: repairs_exhausted — npm test still fails after 3 repair rounds: expected 3 to equal 4
      Stage: step 5/7 (verify)
      Retries: 3
      Steps: comment → perceive → install → exec → verify
      Runs: fix acme/api#12 https://github.com/acme/api/pull/12 (r0001, by alice) trace https://github.com/acme/api/pull/12#issuecomment-1; fix acme/api#13 https://github.com/acme/api/pull/12 (r0002, by bob) trace https://github.com/acme/api/pull/12#issuecomment-1
      What to do: Fix it by hand: automatic repairs were tried and did not pass verification."
    `);
  });

  it("renders a fix ready for review with its own title and suggestion", () => {
    const ready = alertEvent({
      kind: "fix_ready",
      failureClass: "fixed",
      summary: "fixed by a deterministic fixer: prettier --write src/sum.ts",
      retries: 0,
      suggestion: "review_fix",
      stage: null,
    });
    const [en] = renderAlertMessages({ type: "wecom" }, group([ready]), "en") as [
      { markdown: { content: string } },
    ];
    const [zh] = renderAlertMessages({ type: "wecom" }, group([ready]), "zh") as [
      { markdown: { content: string } },
    ];
    expect(`${en.markdown.content}\n---\n${zh.markdown.content}`).toMatchInlineSnapshot(`
      "### Xihe: fix ready for review (1 run) — acme/api
      **Why:** fixed — fixed by a deterministic fixer: prettier --write src/sum.ts
      **Retries:** 0
      **Steps:** comment → perceive → install → exec → verify
      **Runs:** [fix acme/api#12](https://github.com/acme/api/pull/12) (r0001, by alice) [trace](https://github.com/acme/api/pull/12#issuecomment-1)
      **What to do:** Review the fix and apply it with /xihe apply, or undo it with /xihe undo.
      ---
      ### 羲和：1 个运行修复已就绪，等待评审 — acme/api
      **原因：** fixed — fixed by a deterministic fixer: prettier --write src/sum.ts
      **重试：** 0 次
      **步骤链：** comment → perceive → install → exec → verify
      **运行：** [fix acme/api#12](https://github.com/acme/api/pull/12) (r0001, 触发人 alice) [轨迹](https://github.com/acme/api/pull/12#issuecomment-1)
      **建议：** 请评审修复，用 /xihe apply 应用，或用 /xihe undo 撤销。"
    `);
  });

  it("renders a change held for a person and a failed workflow with their own titles and suggestions", () => {
    const held = alertEvent({
      kind: "needs_person",
      failureClass: "needs_input",
      summary: "the fix changes package.json: approve it with /xihe apply",
      retries: 0,
      suggestion: "approve_change",
      stage: null,
      toolChain: ["comment", "perceive", "exec"],
    });
    const workflow = alertEvent({
      kind: "workflow_failed",
      runName: "workflow acme/api#12",
      failureClass: "permanent:missing_table",
      summary: "workflow etl_smoke failed (instance 100): permanent missing_table in load_orders",
      retries: 0,
      suggestion: "fix_workflow",
      stage: { index: 4, total: 5, name: "ds_classify" },
      toolChain: ["ds_definition", "ds_trigger", "ds_start", "ds_poll", "ds_classify"],
    });
    const notGreen = alertEvent({ ...workflow, runId: "r0009", suggestion: "check_workflow" });
    const text = (events: ReturnType<typeof alertEvent>[], language: "en" | "zh") =>
      (
        renderAlertMessages({ type: "wecom" }, group(events), language) as [{ markdown: { content: string } }]
      )[0].markdown.content;
    expect(
      [
        text([held], "en"),
        text([held], "zh"),
        text([workflow], "en"),
        text([workflow], "zh"),
        text([notGreen], "en"),
        text([notGreen], "zh"),
      ].join("\n---\n"),
    ).toMatchInlineSnapshot(`
      "### Xihe: 1 run needs a person — acme/api
      **Why:** needs_input — the fix changes package.json: approve it with /xihe apply
      **Retries:** 0
      **Steps:** comment → perceive → exec
      **Runs:** [fix acme/api#12](https://github.com/acme/api/pull/12) (r0001, by alice) [trace](https://github.com/acme/api/pull/12#issuecomment-1)
      **What to do:** A change is held for approval: review it on the pull request.
      ---
      ### 羲和：1 个运行需要人工确认 — acme/api
      **原因：** needs_input — the fix changes package.json: approve it with /xihe apply
      **重试：** 0 次
      **步骤链：** comment → perceive → exec
      **运行：** [fix acme/api#12](https://github.com/acme/api/pull/12) (r0001, 触发人 alice) [轨迹](https://github.com/acme/api/pull/12#issuecomment-1)
      **建议：** 有变更等待批准：请在拉取请求中评审。
      ---
      ### Xihe: workflow failed (1 run) — acme/api
      **Why:** permanent:missing_table — workflow etl_smoke failed (instance 100): permanent missing_table in load_orders
      **Stage:** step 4/5 (ds_classify)
      **Retries:** 0
      **Steps:** ds_definition → ds_trigger → ds_start → ds_poll → ds_classify
      **Runs:** [workflow acme/api#12](https://github.com/acme/api/pull/12) (r0001, by alice) [trace](https://github.com/acme/api/pull/12#issuecomment-1)
      **What to do:** Read the failed task's log in DolphinScheduler and fix the cause (SQL, permissions, a missing table, the connection settings), then start it again with /xihe workflow.
      ---
      ### 羲和：1 个运行工作流失败 — acme/api
      **原因：** permanent:missing_table — workflow etl_smoke failed (instance 100): permanent missing_table in load_orders
      **阶段：** 第 4/5 步（ds_classify）
      **重试：** 0 次
      **步骤链：** ds_definition → ds_trigger → ds_start → ds_poll → ds_classify
      **运行：** [workflow acme/api#12](https://github.com/acme/api/pull/12) (r0001, 触发人 alice) [轨迹](https://github.com/acme/api/pull/12#issuecomment-1)
      **建议：** 请在 DolphinScheduler 中查看失败任务的日志并修复原因（SQL、权限、缺失的表、连接配置），再用 /xihe workflow 重新运行。
      ---
      ### Xihe: workflow failed (1 run) — acme/api
      **Why:** permanent:missing_table — workflow etl_smoke failed (instance 100): permanent missing_table in load_orders
      **Stage:** step 4/5 (ds_classify)
      **Retries:** 0
      **Steps:** ds_definition → ds_trigger → ds_start → ds_poll → ds_classify
      **Runs:** [workflow acme/api#12](https://github.com/acme/api/pull/12) (r0009, by alice) [trace](https://github.com/acme/api/pull/12#issuecomment-1)
      **What to do:** Check the workflow's task log; it is not on the green list for automatic retries.
      ---
      ### 羲和：1 个运行工作流失败 — acme/api
      **原因：** permanent:missing_table — workflow etl_smoke failed (instance 100): permanent missing_table in load_orders
      **阶段：** 第 4/5 步（ds_classify）
      **重试：** 0 次
      **步骤链：** ds_definition → ds_trigger → ds_start → ds_poll → ds_classify
      **运行：** [workflow acme/api#12](https://github.com/acme/api/pull/12) (r0009, 触发人 alice) [轨迹](https://github.com/acme/api/pull/12#issuecomment-1)
      **建议：** 请查看工作流的任务日志；该工作流不在自动重试白名单中。"
    `);
  });

  it("A50: neutralises mentions, links and markup in parameters a PR author controls", () => {
    const hostile = alertEvent({
      summary:
        "boom <@all> <!channel> [click me](https://evil.example/x) **urgent** `rm -rf`\n### forged heading",
      runName: 'fix acme/api#12 <font color="warning">',
      triggeredBy: "<@U012AB3CD>",
      links: {
        pr: "javascript:alert(1)",
        trace: "https://github.com/acme/api/pull/12)](https://evil.example",
      },
    });
    const [wecom] = renderAlertMessages({ type: "wecom" }, group([hostile]), "en") as [
      { markdown: { content: string } },
    ];
    const text = wecom.markdown.content;
    expect(text).not.toMatch(/<@|<font|\[click me\]\(|\*\*urgent|`rm|\n### forged|javascript:/);
    expect(text).not.toContain("](https://evil.example");
    const [slack] = renderAlertMessages({ type: "slack" }, group([hostile]), "en") as [{ blocks: unknown[] }];
    const slackText = JSON.stringify(slack.blocks);
    expect(slackText).not.toMatch(/<!channel>|<@U012AB3CD>|<@all>|javascript:/);
    expect(slackText).toContain("&lt;!channel&gt;");
  });

  it("splits a group too large for one WeCom message without dropping a run", () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      alertEvent({ runId: `r${String(i).padStart(4, "0")}`, runName: `fix acme/api#${i}` }),
    );
    const bodies = renderAlertMessages({ type: "wecom" }, group(many), "en") as {
      markdown: { content: string };
    }[];
    expect(bodies.length).toBeGreaterThan(1);
    const named = new Set(
      bodies.flatMap((b) => [...b.markdown.content.matchAll(/\(r(\d{4}),/g)].map((m) => m[1])),
    );
    expect(named.size).toBe(120);
    for (const b of bodies) expect(Buffer.byteLength(b.markdown.content)).toBeLessThanOrEqual(4096);
  });
});
