// Kill points at persisted step boundaries, exact to the step: a trigger on the store's `steps`
// table (in the test's throwaway PostgreSQL database only) holds the first step a run starts after
// its boundary step succeeded — the worker's INSERT waits on an advisory lock this file holds — so
// the test can SIGKILL the worker that holds the run while it stands right after that boundary,
// before anything the next step does. The held transaction dies with its connection (the backend
// is terminated, as PostgreSQL would once it noticed the dead client): the next step never started.
import pg from "pg";

export interface CrashPoint {
  /** The run's repository ("owner/name"): runs are recorded by triage, their ids unknown ahead. */
  repo: string;
  /**
   * A LIKE pattern of the step id after whose success the run is held. A repository's points are
   * taken in the order given, each once: a run may be held (and its worker killed) several times.
   */
  after: string;
}

export interface HeldRun {
  repo: string;
  after: string;
  runId: string;
  /** The worker holding the run (from its worker id, `<host>-<pid>-<hex>`). */
  workerPid: number;
  /** The step that was about to start. */
  next: string;
  /** The run's succeeded steps at that moment, in order. */
  succeeded: string[];
}

export interface CrashPoints {
  /** Calls `kill` for every run held at its point (once each), then lets its transaction go. */
  watch(kill: (held: HeldRun) => Promise<void>): void;
  close(): Promise<void>;
}

export async function armCrashPoints(storeUrl: string, points: CrashPoint[]): Promise<CrashPoints> {
  const db = new pg.Client({ connectionString: storeUrl });
  await db.connect();
  await db.query(`
    CREATE TABLE crash_points (lock_key INTEGER PRIMARY KEY, repo TEXT NOT NULL, after_step TEXT NOT NULL,
      armed BOOLEAN NOT NULL DEFAULT true);
    CREATE FUNCTION crash_point() RETURNS trigger AS $$
    DECLARE k INTEGER;
    BEGIN
      SELECT c.lock_key INTO k FROM crash_points c JOIN runs r ON r.repo = c.repo
        WHERE r.id = NEW.run_id AND c.lock_key = (SELECT MIN(lock_key) FROM crash_points
          WHERE repo = c.repo AND armed) AND EXISTS (SELECT 1 FROM steps s
          WHERE s.run_id = NEW.run_id AND s.step_id LIKE c.after_step AND s.status = 'succeeded');
      IF k IS NOT NULL THEN
        -- Shown in pg_stat_activity while the lock is awaited: the step that was about to start.
        PERFORM set_config('application_name', left(NEW.step_id, 63), true);
        PERFORM pg_advisory_xact_lock(k);
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql;
    CREATE TRIGGER crash_point BEFORE INSERT ON steps FOR EACH ROW EXECUTE FUNCTION crash_point();`);
  for (const [i, p] of points.entries()) {
    await db.query("INSERT INTO crash_points (repo, after_step, lock_key) VALUES ($1, $2, $3)", [
      p.repo,
      p.after,
      i + 1,
    ]);
    await db.query("SELECT pg_advisory_lock($1)", [i + 1]);
  }
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function releaseHeld(kill: (held: HeldRun) => Promise<void>): Promise<void> {
    const waiting = await db.query<{ key: number; backend: number; step: string }>(
      `SELECT l.objid::int AS key, l.pid AS backend, a.application_name AS step FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND NOT l.granted`,
    );
    for (const w of waiting.rows) {
      const point = points[w.key - 1];
      if (!point) continue;
      const run = await db.query<{ id: string; worker_id: string | null }>(
        "SELECT id, worker_id FROM runs WHERE repo = $1 AND status = 'running'",
        [point.repo],
      );
      const steps = await db.query<{ step_id: string }>(
        "SELECT step_id FROM steps WHERE run_id = $1 AND status = 'succeeded' ORDER BY seq",
        [run.rows[0]?.id ?? ""],
      );
      const pid = Number(/-(\d+)-[0-9a-f]+$/.exec(run.rows[0]?.worker_id ?? "")?.[1] ?? 0);
      await kill({
        repo: point.repo,
        after: point.after,
        runId: run.rows[0]?.id ?? "",
        workerPid: pid,
        next: w.step,
        succeeded: steps.rows.map((s) => s.step_id),
      });
      await db.query("UPDATE crash_points SET armed = false WHERE lock_key = $1", [w.key]);
      await db.query("SELECT pg_terminate_backend($1)", [w.backend]);
      await db.query("SELECT pg_advisory_unlock($1)", [w.key]);
    }
  }

  return {
    watch(kill) {
      const tick = () =>
        void releaseHeld(kill)
          .catch((err: unknown) => console.error("crash points:", err))
          .finally(() => {
            if (!closed) timer = setTimeout(tick, 150);
          });
      tick();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await db.end();
    },
  };
}
