// A risk score for a proposed change, computed before it is applied. High risk means a person must
// approve it: test weakening, workflow files, or a change too large to be an atomic fix.
import type { ProposedChange } from "../../tools/define-tool.ts";
import { detectTestWeakening, type WeakeningFinding } from "./detect-test-weakening.ts";
import { lineChanges } from "./line-changes.ts";

export type RiskLevel = "low" | "medium" | "high";

export interface ChangeRisk {
  score: number;
  level: RiskLevel;
  reasons: string[];
  weakening: WeakeningFinding[];
  linesAdded: number;
  linesRemoved: number;
}

const workflowPath =
  /^\.github\/workflows\/|^\.gitlab-ci\.yml$|^\.circleci\/|^azure-pipelines\.yml$|^Jenkinsfile$/;
const lockfilePath =
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|Pipfile\.lock|uv\.lock|Cargo\.lock|go\.sum|Gemfile\.lock|composer\.lock)$/;
const configPath =
  /(^|\/)(package\.json|tsconfig[^/]*\.json|\.eslintrc[^/]*|eslint\.config\.[cm]?[jt]s|\.prettierrc[^/]*|prettier\.config\.[cm]?js|pyproject\.toml|setup\.cfg|tox\.ini|\.flake8|ruff\.toml|jest\.config\.[cm]?[jt]s|vitest\.config\.[cm]?[jt]s|babel\.config\.[cm]?js|Cargo\.toml|go\.mod|Makefile|Dockerfile|\.npmrc|\.github\/xihe\.yml)$/;
const secretPath = /(^|\/)\.env(\.|$)|\.pem$|id_rsa|\.key$/;

export function scoreChangeRisk(changes: readonly ProposedChange[]): ChangeRisk {
  const reasons: string[] = [];
  const weakening = changes.flatMap(detectTestWeakening);
  let score = 0;
  let linesAdded = 0;
  let linesRemoved = 0;
  for (const change of changes) {
    const { removed, added } = lineChanges(change.before, change.after);
    linesAdded += added.length;
    linesRemoved += removed.length;
    if (workflowPath.test(change.path)) {
      score += 100;
      reasons.push(`changes CI workflow ${change.path} (workflow_files_not_allowed)`);
    } else if (secretPath.test(change.path)) {
      score += 100;
      reasons.push(`touches a secrets file ${change.path}`);
    } else if (lockfilePath.test(change.path)) {
      score += 30;
      reasons.push(`edits lockfile ${change.path} by hand`);
    } else if (configPath.test(change.path)) {
      score += 25;
      reasons.push(`changes configuration ${change.path}`);
    }
    if (change.after === null) {
      score += 40;
      reasons.push(`deletes ${change.path}`);
    }
  }
  const touched = linesAdded + linesRemoved;
  if (touched > 200) {
    score += 60;
    reasons.push(`touches ${touched} lines: too large for one atomic step`);
  } else if (touched > 60) {
    score += 25;
    reasons.push(`touches ${touched} lines`);
  }
  if (linesRemoved > 40 && linesRemoved > 2 * linesAdded) {
    score += 20;
    reasons.push(`mostly deletes code (${linesRemoved} lines removed)`);
  }
  if (changes.length > 3) {
    score += 15;
    reasons.push(`touches ${changes.length} files at once`);
  }
  if (weakening.length > 0) {
    score += 100;
    reasons.push(...weakening.map((w) => `test weakening: ${w.detail}`));
  }
  const level: RiskLevel = score >= 60 ? "high" : score >= 25 ? "medium" : "low";
  return { score, level, reasons, weakening, linesAdded, linesRemoved };
}
