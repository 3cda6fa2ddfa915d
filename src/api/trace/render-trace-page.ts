// The run trace page: one self-contained HTML document (inline CSS, no script, no build step) that
// shows what a run did — the timeline of steps with durations, each tool call and its result, the
// commands with exit codes before and after, the diff, the reasoning trace, cost against budget, and
// how to roll the change back. Every piece of stored text goes through the `html` tag (escaped).
import { shellWord } from "../../delivery/markdown-text.ts";
import type { RunRecord } from "../../store/store.ts";
import { html, type Html } from "./html.ts";
import type { FixResult, RunTrace, TimelineStep } from "./trace-steps.ts";
import { traceStyle } from "./trace-style.ts";

export function renderTracePage(run: RunRecord, trace: RunTrace): string {
  const r = trace.result;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Xihe run ${run.id} · ${run.repo}</title>
        <style>
          ${traceStyle}
        </style>
      </head>
      <body>
        <header>
          <h1>
            Xihe <code>${run.verb}</code> run <code>${run.id}</code> —
            <span class="status ${run.status}">${run.status}</span>
          </h1>
          <p>
            ${run.repo}${run.pr !== null ? html` #${run.pr}` : ""} at
            <code>${run.headSha.slice(0, 12)}</code>, asked by ${run.requester} (${run.trigger}) · created
            ${run.createdAt}${run.endedAt ? html` · ended ${run.endedAt}` : ""}
          </p>
          ${run.reason ? html`<p class="reason">${run.reason}</p>` : ""}
        </header>
        ${r ? meters(r, trace) : ""} ${r ? commands(r) : ""} ${r?.diff ? diff(r.diff) : ""}
        ${timeline(trace.steps)} ${r && r.trace.length > 0 ? reasoning(r) : ""}
        ${r ? rollback(run, r, trace.pushedBranch) : ""}
      </body>
    </html> `.text;
}

function meters(r: FixResult, trace: RunTrace): Html {
  const l = trace.limits;
  const row = (name: string, used: number, max: number | undefined, shown: string) =>
    html`<tr>
      <th>${name}</th>
      <td>${shown}</td>
      <td>
        ${
          max !== undefined && max > 0
            ? html`<meter min="0" max="${max}" value="${Math.min(used, max)}" high="${max * 0.8}"></meter> of
                ${max}`
            : "no limit recorded"
        }
      </td>
    </tr>`;
  const tokens = r.spend.inputTokens + r.spend.outputTokens;
  return html`<section id="budget">
    <h2>Cost and budget</h2>
    <table>
      ${row("cost (USD)", r.spend.costUsd, l?.maxCostUsd, r.spend.costUsd.toFixed(4))}
      ${row("tokens", tokens, l?.maxTokens, String(tokens))}
      ${row("time (s)", r.spend.elapsedMs / 1000, l ? l.maxWallMs / 1000 : undefined, (r.spend.elapsedMs / 1000).toFixed(1))}
      ${row("tool calls", r.spend.toolCalls, l?.maxToolCalls, String(r.spend.toolCalls))}
    </table>
  </section>`;
}

function commands(r: FixResult): Html {
  const after = new Map((r.verdict?.runs ?? []).map((run) => [run.command, run]));
  const rows = r.perception.runs.map((before) => {
    const verdict = r.verdict?.commands.find((c) => c.command === before.command);
    const afterRun = after.get(before.command);
    return html`<tr>
      <td><code>${before.command}</code></td>
      <td class="exit">${exit(before.exitCode)}</td>
      <td class="exit">${verdict ? exit(verdict.exitAfter) : "not re-run"}</td>
      <td>
        ${collapsed("output before", before.tail)}${afterRun ? collapsed("output after", afterRun.tail) : ""}
      </td>
    </tr>`;
  });
  return html`<section id="commands">
    <h2>Commands</h2>
    <p>${r.status}: ${r.reason}</p>
    <table>
      <tr>
        <th>command</th>
        <th>exit before</th>
        <th>exit after</th>
        <th>output</th>
      </tr>
      ${rows}
    </table>
  </section>`;
}

const exit = (code: number | null) => (code === null ? "killed" : String(code));

function diff(text: string): Html {
  const lines = text.split("\n").map((line) => {
    const cls = line.startsWith("+")
      ? "add"
      : line.startsWith("-")
        ? "del"
        : line.startsWith("@@")
          ? "hunk"
          : "";
    return html`<span class="${cls}">${line}</span> `;
  });
  return html`<section id="diff">
    <h2>Diff</h2>
    <details open>
      <summary>${text.split("\n").length} lines</summary>
      <pre>${lines}</pre>
    </details>
  </section>`;
}

function timeline(steps: readonly TimelineStep[]): Html {
  const rows = steps.map(
    (s) =>
      html`<tr>
        <td><code>${s.stepId}</code></td>
        <td>${s.kind}</td>
        <td>${s.status}</td>
        <td class="num">${s.durationMs === null ? "—" : `${(s.durationMs / 1000).toFixed(2)} s`}</td>
        <td>${s.tool ? toolCall(s.tool) : ""}${s.error ? collapsed("error", s.error) : ""}</td>
      </tr>`,
  );
  return html`<section id="timeline">
    <h2>Steps</h2>
    <table>
      <tr>
        <th>step</th>
        <th>kind</th>
        <th>status</th>
        <th>duration</th>
        <th>details</th>
      </tr>
      ${rows}
    </table>
  </section>`;
}

function toolCall(tool: NonNullable<TimelineStep["tool"]>): Html {
  return html`<div class="tool">
    <code>${tool.name}</code> → ${tool.status}: ${tool.summary}
    ${collapsed("arguments", tool.arguments)}${collapsed("result", tool.output)}
  </div>`;
}

function reasoning(r: FixResult): Html {
  const rows = r.trace.map(
    (t) =>
      html`<tr>
        <td><code>${t.step}</code></td>
        <td>${t.decision}</td>
        <td>
          <ul>
            ${t.evidence.map((e) => html`<li>${e}</li>`)}
          </ul>
        </td>
        <td class="num">${t.confidence.toFixed(2)}</td>
      </tr>`,
  );
  return html`<section id="reasoning">
    <h2>Reasoning trace</h2>
    <table>
      <tr>
        <th>step</th>
        <th>decision</th>
        <th>evidence</th>
        <th>confidence</th>
      </tr>
      ${rows}
    </table>
  </section>`;
}

function rollback(run: RunRecord, r: FixResult, pushedBranch: string | null): Html {
  if (!r.branch || r.commits.length === 0) return html``;
  const first = r.commits[0]!.sha;
  const last = r.commits[r.commits.length - 1]!.sha;
  const range = r.commits.length === 1 ? last : `${first}^..${last}`;
  const drop = pushedBranch
    ? `git push origin --delete ${shellWord(pushedBranch)}`
    : `git branch -D ${shellWord(r.branch)}`;
  return html`<section id="rollback">
    <h2>Rollback</h2>
    <p>Commits (each one a rollback point):</p>
    <ul>
      ${r.commits.map((c) => html`<li><code>${c.sha.slice(0, 12)}</code> ${c.summary}</li>`)}
    </ul>
    <p>Drop the fix branch:</p>
    <pre>${drop}</pre>
    <p>
      Once applied to a branch, revert exactly these commits with new
      commits${run.pr !== null ? " (or comment /xihe undo)" : ""}:
    </p>
    <pre>git revert --no-edit ${range}</pre>
  </section>`;
}

/** Long text is folded: the first line shows, the rest opens on click. */
function collapsed(label: string, text: string): Html {
  if (text === "") return html``;
  const lines = text.split("\n");
  return html`<details>
    <summary>${label} (${lines.length} line${lines.length === 1 ? "" : "s"})</summary>
    <pre>${text}</pre>
  </details>`;
}
