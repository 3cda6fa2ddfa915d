// The fixed wording of alerts, in English and Chinese. Only these strings and neutralised
// parameters reach a channel.
import type { AlertKind, SuggestionKey } from "./alert-event.ts";

export type AlertLanguage = "en" | "zh";

interface Wording {
  title: (kind: AlertKind, runs: number, repo: string) => string;
  /** After a label: ": " or the full-width "：". */
  colon: string;
  why: string;
  stageLabel: string;
  stage: (index: number, total: number, name: string) => string;
  retriesLabel: string;
  retries: (n: number) => string;
  steps: string;
  runs: string;
  todo: string;
  by: string;
  trace: string;
  suggestion: Record<SuggestionKey, string>;
}

const runsEn = (n: number) => `${n} run${n === 1 ? "" : "s"}`;
const titleEn: Record<AlertKind, (runs: number) => string> = {
  run_gave_up: (n) => `${runsEn(n)} gave up`,
  fix_ready: (n) => `fix ready for review (${runsEn(n)})`,
  needs_person: (n) => `${runsEn(n)} need${n === 1 ? "s" : ""} a person`,
  workflow_failed: (n) => `workflow failed (${runsEn(n)})`,
};
const kindZh: Record<AlertKind, string> = {
  run_gave_up: "已放弃，需要人工处理",
  fix_ready: "修复已就绪，等待评审",
  needs_person: "需要人工确认",
  workflow_failed: "工作流失败",
};

export const wording: Record<AlertLanguage, Wording> = {
  en: {
    title: (kind, runs, repo) => `Xihe: ${titleEn[kind](runs)} — ${repo}`,
    colon: ": ",
    why: "Why",
    stageLabel: "Stage",
    stage: (index, total, name) => `step ${index}/${total} (${name})`,
    retriesLabel: "Retries",
    retries: (n) => `${n}`,
    steps: "Steps",
    runs: "Runs",
    todo: "What to do",
    by: "by",
    trace: "trace",
    suggestion: {
      read_log: "Read the failing log linked below; the failure is not one Xihe can repair.",
      raise_budget: "Raise the run's budget in .github/xihe.yml or fix it by hand.",
      fix_by_hand: "Fix it by hand: automatic repairs were tried and did not pass verification.",
      review_fix: "Review the fix and apply it with /xihe apply, or undo it with /xihe undo.",
      approve_change: "A change is held for approval: review it on the pull request.",
      check_workflow: "Check the workflow's task log; it is not on the green list for automatic retries.",
      fix_workflow:
        "Read the failed task's log in DolphinScheduler and fix the cause (SQL, permissions, a missing table, the connection settings), then start it again with /xihe workflow.",
    },
  },
  zh: {
    title: (kind, runs, repo) => `羲和：${runs} 个运行${kindZh[kind]} — ${repo}`,
    colon: "：",
    why: "原因",
    stageLabel: "阶段",
    stage: (index, total, name) => `第 ${index}/${total} 步（${name}）`,
    retriesLabel: "重试",
    retries: (n) => `${n} 次`,
    steps: "步骤链",
    runs: "运行",
    todo: "建议",
    by: "触发人",
    trace: "轨迹",
    suggestion: {
      read_log: "请查看下方链接中的失败日志；此类失败羲和无法自动修复。",
      raise_budget: "请在 .github/xihe.yml 中提高运行预算，或手动修复。",
      fix_by_hand: "请手动修复：自动修复已尝试，但未通过验证。",
      review_fix: "请评审修复，用 /xihe apply 应用，或用 /xihe undo 撤销。",
      approve_change: "有变更等待批准：请在拉取请求中评审。",
      check_workflow: "请查看工作流的任务日志；该工作流不在自动重试白名单中。",
      fix_workflow:
        "请在 DolphinScheduler 中查看失败任务的日志并修复原因（SQL、权限、缺失的表、连接配置），再用 /xihe workflow 重新运行。",
    },
  },
};
