// A diagnosis-only run (`on_failure: diagnose`): read the failed checks of the head SHA, parse their
// logs, and report what failed, where, and whose fault it is, without touching the code. The
// failures also become check-run annotations on the lines perception found.
import type { RunExecutor, RunOutcome } from "../../runs/run-executor.ts";
import { codeSpan, escapeInline } from "../../delivery/markdown-text.ts";
import { splitRepo, type GitHubClient } from "../../github/github-client.ts";
import { perceivePrChecks, prChecksPerception, type PrChecksPerception } from "./perceive-pr-checks.ts";

export interface DiagnoseRunDeps {
  installationOctokit: (installationId: number) => Promise<GitHubClient>;
  tmpRoot: string;
  fetch: typeof globalThis.fetch;
}

const shownFailures = 30;

export function createDiagnoseRunExecutor(deps: DiagnoseRunDeps): RunExecutor {
  return async (ctx) => {
    const { run } = ctx;
    if (run.installationId === null)
      return { status: "failed", summary: "diagnose needs an installation", body: "" };
    const octokit = await deps.installationOctokit(run.installationId);
    const ref = splitRepo(run.repo);
    const perception = await ctx.step(
      "perceive:ci",
      { kind: "perceive", input: { headSha: run.headSha }, output: prChecksPerception },
      async () => {
        // No checkout here: the head's file list (one API call) tells which suffix of a CI path is the
        // repository path, so annotations land on real files.
        const files = await repositoryFiles(octokit, ref, run.headSha);
        return perceivePrChecks(octokit, {
          ...ref,
          headSha: run.headSha,
          tmpRoot: deps.tmpRoot,
          fetchBlob: deps.fetch,
          fileExists: (path) => files.has(path),
        });
      },
    );
    return diagnosisOutcome(perception);
  };
}

async function repositoryFiles(octokit: GitHubClient, ref: { owner: string; repo: string }, sha: string) {
  const { data } = await octokit.rest.git.getTree({ ...ref, tree_sha: sha, recursive: "true" });
  return new Set(data.tree.filter((e) => e.type === "blob" && e.path).map((e) => e.path!));
}

export function diagnosisOutcome(p: PrChecksPerception): RunOutcome {
  const { verdict, reason, evidence } = p.classification;
  const advice: Record<typeof verdict, string> = {
    code: "Comment `/xihe fix` to have Xihe propose a verified fix on a side branch.",
    transient: "This looks like the infrastructure, not the code: re-run the failed jobs.",
    flaky:
      "The same test passed on a re-run: it is flaky; re-run the jobs and consider fixing the test's nondeterminism.",
    config:
      "A configuration problem (missing secret, script or environment): fix the CI setup, not the code.",
  };
  const rows = p.failures.slice(0, shownFailures).map((f) => {
    const where = f.file ? codeSpan(`${f.file}${f.line ? `:${f.line}` : ""}`) : "—";
    return `| ${escapeInline(f.tool, 40)} | ${where} | ${f.test ? codeSpan(f.test, 120) : ""} ${escapeInline(f.message, 200)} |`;
  });
  const more = p.failures.length > shownFailures ? `\n\n…and ${p.failures.length - shownFailures} more.` : "";
  const jobs = p.jobs.map(
    (j) =>
      `- ${escapeInline(j.name, 100)}: ${j.failures} failure(s)${j.note ? ` — ${escapeInline(j.note)}` : ""}`,
  );
  const body = [
    `**${p.failures.length} failure(s)** in ${p.jobs.length} failed job(s) · classification **${verdict}**: ${escapeInline(reason)}`,
    evidence ? `\nEvidence: ${codeSpan(evidence, 300)}` : "",
    "",
    rows.length
      ? ["| tool | where | what |", "| --- | --- | --- |", ...rows].join("\n") + more
      : "No failure could be read from the logs.",
    "",
    ...jobs,
    "",
    advice[verdict],
  ].join("\n");
  const annotations = p.failures
    // GitHub accepts annotations only on repository paths.
    .filter((f) => f.file && f.line && !f.file.startsWith("/") && !/^[A-Za-z]:/.test(f.file))
    .map((f) => ({
      path: f.file!,
      line: f.line!,
      message: `${f.tool}: ${f.message}`,
      level: "failure" as const,
    }));
  return { status: "succeeded", summary: `${p.failures.length} failure(s), ${verdict}`, body, annotations };
}
