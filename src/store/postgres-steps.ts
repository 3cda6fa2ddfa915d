// The steps table of the PostgreSQL store: one row per (run, step id), restarted when a step is
// retried. The sequence number is taken under a lock on the run so concurrent starts stay ordered.
import { redactText } from "../redact.ts";
import { json } from "./json-column.ts";
import type { PgDb } from "./postgres-pool.ts";
import { rowToStep, type StepRow } from "./store-rows.ts";
import type { Store } from "./store.ts";

type StepMethods = Pick<Store, "getStep" | "listSteps" | "startStep" | "finishStep">;

export function createPostgresSteps(db: PgDb): StepMethods {
  return {
    async getStep(runId, stepId) {
      const [row] = await db.query<StepRow>("SELECT * FROM steps WHERE run_id = $1 AND step_id = $2", [
        runId,
        stepId,
      ]);
      return row ? rowToStep(row) : null;
    },
    async listSteps(runId) {
      const rows = await db.query<StepRow>("SELECT * FROM steps WHERE run_id = $1 ORDER BY seq", [runId]);
      return rows.map(rowToStep);
    },
    async startStep(step) {
      return db.transaction(async (tx) => {
        // Serialises seq numbering per run; a run that does not exist fails the foreign key below.
        await tx.query("SELECT 1 FROM runs WHERE id = $1 FOR UPDATE", [step.runId]);
        const [row] = await tx.query<StepRow>(
          `INSERT INTO steps (run_id, step_id, seq, kind, status, input, output, error, started_at)
           VALUES ($1, $2, (SELECT COALESCE(MAX(seq), 0) + 1 FROM steps WHERE run_id = $1), $3, 'running', $4,
             'null', NULL, $5)
           ON CONFLICT (run_id, step_id) DO UPDATE SET status = 'running', input = excluded.input, error = NULL,
             started_at = excluded.started_at, ended_at = NULL
           RETURNING *`,
          [step.runId, step.stepId, step.kind, json(step.input), step.startedAt],
        );
        return rowToStep(row!);
      });
    },
    async finishStep(runId, stepId, result) {
      const [row] = await db.query<StepRow>(
        `UPDATE steps SET status = $1, output = $2, error = $3, ended_at = $4 WHERE run_id = $5 AND step_id = $6
         RETURNING *`,
        [
          result.status,
          json(result.output),
          result.error === null ? null : redactText(result.error),
          result.endedAt,
          runId,
          stepId,
        ],
      );
      if (!row) throw new Error(`step ${runId}/${stepId} was never started`);
      return rowToStep(row);
    },
  };
}
