// The steps table of the SQLite store: one row per (run, step id), restarted when a step is retried.
import type Database from "better-sqlite3";
import { redactText } from "../redact.ts";
import { json } from "./json-column.ts";
import { rowToStep, type StepRow } from "./store-rows.ts";
import type { Store } from "./store.ts";

type StepMethods = Pick<Store, "getStep" | "listSteps" | "startStep" | "finishStep">;

export function createSqliteSteps(db: Database.Database): StepMethods {
  const getStepStmt = db.prepare<[string, string], StepRow>(
    "SELECT * FROM steps WHERE run_id = ? AND step_id = ?",
  );
  return {
    async getStep(runId, stepId) {
      const row = getStepStmt.get(runId, stepId);
      return row ? rowToStep(row) : null;
    },
    async listSteps(runId) {
      return db
        .prepare<[string], StepRow>("SELECT * FROM steps WHERE run_id = ? ORDER BY seq")
        .all(runId)
        .map(rowToStep);
    },
    async startStep(step) {
      db.prepare(
        `INSERT INTO steps (run_id, step_id, seq, kind, status, input, output, error, started_at)
         VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM steps WHERE run_id = ?), ?, 'running', ?, 'null', NULL, ?)
         ON CONFLICT (run_id, step_id) DO UPDATE SET status = 'running', input = excluded.input, error = NULL,
           started_at = excluded.started_at, ended_at = NULL`,
      ).run(step.runId, step.stepId, step.runId, step.kind, json(step.input), step.startedAt);
      return rowToStep(getStepStmt.get(step.runId, step.stepId)!);
    },
    async finishStep(runId, stepId, result) {
      const info = db
        .prepare(
          "UPDATE steps SET status = ?, output = ?, error = ?, ended_at = ? WHERE run_id = ? AND step_id = ?",
        )
        .run(
          result.status,
          json(result.output),
          result.error === null ? null : redactText(result.error),
          result.endedAt,
          runId,
          stepId,
        );
      if (info.changes !== 1) throw new Error(`step ${runId}/${stepId} was never started`);
      return rowToStep(getStepStmt.get(runId, stepId)!);
    },
  };
}
