// A diagnosis run (`on_failure: diagnose`): read the failed checks of the head SHA, parse their
// logs, and report what failed, where, and whose fault it is. A code failure is then reproduced: the
// head checked out, its dependencies installed, the failing commands run in the sandbox and compared
// with CI (reproduce-pr-failures.ts), so the comment shows both evidences. The code is never changed.
// The failures also become check-run annotations on the lines perception found.
import { briefFailure } from "../../agent/loop/check-run.ts";
import type { RunExecutor, RunOutcome } from "../../runs/run-executor.ts";
import { codeSpan, escapeInline } from "../../delivery/markdown-text.ts";
import { renderInstallEvidence } from "../../delivery/render-install-evidence.ts";
import { renderReproduction } from "../../delivery/render-reproduction.ts";
import { splitRepo, type GitHubClient } from "../../github/github-client.ts";
import { readTrustedConfig } from "../read-trusted-config.ts";
import { installReport } from "../fix/render-fix-body.ts";
import { perceivePrChecks, prChecksPerception, type PrChecksPerception } from "./perceive-pr-checks.ts";
import { reproducePrFailures, type ReproduceDeps, type SandboxEvidence } from "./reproduce-pr-failures.ts";

export interface DiagnoseRunDeps extends ReproduceDeps {
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
    const trusted = await readTrustedConfig(octokit, run);
    if (!trusted.ok) return trusted.outcome;
    const ref = splitRepo(run.repo);
    const perception = await ctx.step(
      "perceive:ci",
      { kind: "perceive", input: { headSha: run.headSha }, output: prChecksPerception },
      async () => {
        // Before any checkout: the head's file list (one API call) tells which suffix of a CI path is
        // the repository path, so annotations land on real files.
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
    // Only a code failure is worth reproducing: transient, flaky and config verdicts are about CI.
    if (perception.classification.verdict !== "code" || run.pr === null) return diagnosisOutcome(perception);
    await ctx.progress("Installing the PR's dependencies and reproducing the failure in a sandbox…");
    // Not a step: it has no side effect, and a resumed run's fresh checkout needs the install again.
    const sandbox = await reproducePrFailures(deps, {
      run,
      config: trusted.config,
      policyHash: trusted.policyHash,
      ciFailures: perception.failures.map(briefFailure),
      log: ctx.log,
      signal: ctx.signal,
    });
    return diagnosisOutcome(perception, sandbox);
  };
}

async function repositoryFiles(octokit: GitHubClient, ref: { owner: string; repo: string }, sha: string) {
  const { data } = await octokit.rest.git.getTree({ ...ref, tree_sha: sha, recursive: "true" });
  return new Set(data.tree.filter((e) => e.type === "blob" && e.path).map((e) => e.path!));
}

export function diagnosisOutcome(p: PrChecksPerception, sandbox?: SandboxEvidence): RunOutcome {
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
    ...renderInstallEvidence(installReport(sandbox?.install)),
    ...renderReproduction(sandbox?.reproduction),
    ...(sandbox?.skipped
      ? ["", `Not reproduced in the sandbox: ${escapeInline(sandbox.skipped, 300)}.`]
      : []),
    "",
    sandboxAdvice(sandbox) ?? advice[verdict],
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
  const reproduced = sandbox?.reproduction
    ? `; sandbox: ${sandbox.reproduction.outcome.replace("_", " ")}`
    : "";
  return {
    status: "succeeded",
    summary: `${p.failures.length} failure(s), ${verdict}${reproduced}`,
    body,
    annotations,
  };
}

// What to do next when the sandbox was asked: only a reproduced failure is one `/xihe fix` can act on.
function sandboxAdvice(sandbox: SandboxEvidence | undefined): string | null {
  if (!sandbox) return null;
  if (sandbox.install && (sandbox.install.status === "failed" || sandbox.install.status === "refused"))
    return "The dependencies did not install in the sandbox (see above): fix that first; `/xihe fix` stops at the same place.";
  switch (sandbox.reproduction?.outcome) {
    case "not_reproduced":
      return "The sandbox does not show CI's failure on this head: re-run CI before changing code.";
    case "environment":
      return "The sandbox cannot run the checks: install or declare what it is missing, then comment `/xihe fix`.";
    default:
      return null;
  }
}
