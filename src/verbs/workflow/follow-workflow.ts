// One workflow run as a persisted state machine: trigger → poll with backoff until a terminal state
// or the timeout → on failure, classify from the failed tasks' logs → retry only when the workflow is
// green-listed (known idempotent) AND the failure is transient; otherwise the caller alerts a person.
// A workflow still running at the timeout is stopped (executeType STOP) before the run ends.
// Every transition is a run step, so a restarted worker resumes where it stopped. A start is never
// sent twice for one attempt: each carries an idempotency key in its startParams, a marker step is
// persisted before the start is sent, and after a restart the key is looked for instead.
import { z } from "zod";
import type { Step } from "../../agent/step.ts";
import {
  classifyWorkflowFailure,
  type FailureClass,
} from "../../integrations/dolphinscheduler/classify-workflow-failure.ts";
import {
  findWorkflow,
  type DsProjectHandle,
} from "../../integrations/dolphinscheduler/connect-dolphinscheduler.ts";
import { DsApiError, DsTokenRefused, DsUnreachable } from "../../integrations/dolphinscheduler/ds-errors.ts";
import {
  findInstanceByKey,
  idempotencyParam,
} from "../../integrations/dolphinscheduler/find-instance-by-key.ts";

export interface WorkflowRequest {
  runId: string;
  /** Names this workflow's steps within the run ("workflow:etl_smoke"); several may share a run. */
  slot: string;
  name: string;
  params: Record<string, string>;
  greenListed: boolean;
  maxAttempts: number;
  timeoutMs: number;
}

export interface FollowDeps {
  project: DsProjectHandle;
  step: Step;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** First poll interval, doubled up to `maxPollMs`; also the wait before a retry. */
  pollMs: number;
  maxPollMs: number;
  /** How long to look for the instance a start created (the master creates it asynchronously). */
  locateMs: number;
}

const failureClass = z.object({
  kind: z.enum(["transient", "permanent", "unknown"]),
  cause: z.string(),
  line: z.string().nullable(),
});
export interface WorkflowAttempt {
  instanceId: number;
  state: string;
  /** The failed task whose log decided the failure class. */
  task: string | null;
  failure: FailureClass | null;
}

export interface WorkflowResult {
  name: string;
  status: "succeeded" | "failed" | "timeout";
  attempts: WorkflowAttempt[];
  /** Why it was not retried (or retried no more), for the run's summary and the alert. */
  stopReason: string | null;
}

const successStates = new Set(["SUCCESS", "FORCED_SUCCESS"]);
const failedStates = new Set(["FAILURE", "STOP", "KILL", "PAUSE", "BLOCK"]);
const failedTaskStates = new Set(["FAILURE", "KILL", "NEED_FAULT_TOLERANCE"]);

export async function followWorkflow(deps: FollowDeps, req: WorkflowRequest): Promise<WorkflowResult> {
  const { step, project } = deps;
  const definition = await step(
    `${req.slot}:definition`,
    { kind: "ds_definition", input: { workflow: req.name }, output: z.object({ code: z.number() }) },
    async () => ({ code: (await findWorkflow(project, req.name)).code }),
  );
  const attempts: WorkflowAttempt[] = [];
  for (let n = 1; ; n++) {
    const triggered = await trigger(deps, req, definition.code, n);
    const observed = await poll(deps, req, triggered, n);
    if (observed.state === "TIMEOUT" || successStates.has(observed.state)) {
      attempts.push({ instanceId: triggered.instanceId, state: observed.state, task: null, failure: null });
      if (successStates.has(observed.state))
        return { name: req.name, status: "succeeded", attempts, stopReason: null };
      const stopped = await stopTimedOut(deps, req, triggered.instanceId, n);
      const waited = `still ${observed.last} after ${Math.round(req.timeoutMs / 60_000)} min`;
      return { name: req.name, status: "timeout", attempts, stopReason: `${waited}; ${stopped.note}` };
    }
    const why = await classify(deps, req, triggered.instanceId, n);
    attempts.push({ instanceId: triggered.instanceId, state: observed.state, ...why });
    const stop = stopReasonFor(req, why.failure, n);
    if (stop) return { name: req.name, status: "failed", attempts, stopReason: stop };
    await deps.sleep(deps.pollMs * 2 ** n);
  }
}

function stopReasonFor(req: WorkflowRequest, failure: FailureClass, n: number): string | null {
  if (!req.greenListed) return "not on the green list: never retried automatically";
  if (failure.kind !== "transient")
    return `a ${failure.kind} failure (${failure.cause}): a retry would fail the same way`;
  if (n >= req.maxAttempts) return `still failing after ${n} attempts`;
  return null;
}

const triggeredOutput = z.object({ instanceId: z.number(), key: z.string(), triggeredAt: z.string() });
type Triggered = z.infer<typeof triggeredOutput>;

async function trigger(deps: FollowDeps, req: WorkflowRequest, code: number, n: number): Promise<Triggered> {
  const key = `${req.runId}/${req.slot}/${n}`;
  const params = { ...req.params, [idempotencyParam]: key };
  return deps.step(
    `${req.slot}:trigger:${n}`,
    { kind: "ds_trigger", input: { workflow: req.name, attempt: n, params }, output: triggeredOutput },
    async () => {
      const sentId = `${req.slot}:start-sent:${n}`;
      const sent = await deps.step.replayed(sentId, z.object({ at: z.string() }));
      if (!sent) {
        const at = deps.now().toISOString();
        await deps.step(
          sentId,
          { kind: "ds_start", input: { key }, output: z.object({ at: z.string() }) },
          async () => ({ at }),
        );
        await deps.project.client.startWorkflow(deps.project.projectCode, code, params);
      }
      const found = await findInstanceByKey(deps, code, key);
      if (found) return { instanceId: found.id, key, triggeredAt: sent?.at ?? deps.now().toISOString() };
      throw new DsApiError(
        sent
          ? `a start of "${req.name}" was sent before a restart, but no instance carries its key ${key}; it is not started twice. Look for it in DolphinScheduler, then start a new run`
          : `DolphinScheduler took the start of "${req.name}" but no instance with key ${key} appeared within ${Math.round(deps.locateMs / 1000)} s; is its master running?`,
        -1,
      );
    },
  );
}

const pollOutput = z.object({ state: z.string(), last: z.string() });

async function poll(deps: FollowDeps, req: WorkflowRequest, t: Triggered, n: number) {
  return deps.step(
    `${req.slot}:poll:${n}`,
    { kind: "ds_poll", input: { instanceId: t.instanceId }, output: pollOutput },
    async () => {
      // The deadline counts from the trigger, so a restarted poll does not get a fresh timeout.
      const deadline = Date.parse(t.triggeredAt) + req.timeoutMs;
      let waitMs = deps.pollMs;
      for (;;) {
        const instance = await deps.project.client.getInstance(deps.project.projectCode, t.instanceId);
        if (successStates.has(instance.state) || failedStates.has(instance.state))
          return { state: instance.state, last: instance.state };
        if (deps.now().getTime() >= deadline) return { state: "TIMEOUT", last: instance.state };
        await deps.sleep(Math.min(waitMs, Math.max(0, deadline - deps.now().getTime())));
        waitMs = Math.min(deps.maxPollMs, waitMs * 2);
      }
    },
  );
}

const stopOutput = z.object({ stopped: z.boolean(), note: z.string() });

// A timed-out instance would go on holding the cluster's resources (and writing to its tables) with
// nobody following it: it is stopped through the documented `executors/execute` STOP, once, as a
// step. A stop DolphinScheduler refuses (the instance ended meanwhile, no permission) is recorded,
// not thrown: the run still ends as timed out, and the note tells the person what to check.
async function stopTimedOut(deps: FollowDeps, req: WorkflowRequest, instanceId: number, n: number) {
  return deps.step(
    `${req.slot}:stop:${n}`,
    { kind: "ds_stop", input: { instanceId }, output: stopOutput },
    async () => {
      try {
        await deps.project.client.stopInstance(deps.project.projectCode, instanceId);
        return { stopped: true, note: `instance ${instanceId} was stopped (STOP sent)` };
      } catch (err) {
        if (!isStopRefusal(err)) throw err;
        return {
          stopped: false,
          note: `stopping instance ${instanceId} failed (${err.message}); stop it in DolphinScheduler`,
        };
      }
    },
  );
}

function isStopRefusal(err: unknown): err is Error {
  return err instanceof DsApiError || err instanceof DsUnreachable || err instanceof DsTokenRefused;
}

const classifyOutput = z.object({ task: z.string().nullable(), failure: failureClass });

async function classify(deps: FollowDeps, req: WorkflowRequest, instanceId: number, n: number) {
  return deps.step(
    `${req.slot}:classify:${n}`,
    { kind: "ds_classify", input: { instanceId }, output: classifyOutput },
    async () => {
      const { client, projectCode } = deps.project;
      const failed = (await client.listTasks(projectCode, instanceId)).filter((t) =>
        failedTaskStates.has(t.state),
      );
      let first: { task: string; failure: FailureClass } | null = null;
      for (const task of failed) {
        const failure = classifyWorkflowFailure(await client.taskLog(task.id, 2000));
        if (failure.kind === "permanent") return { task: task.name, failure };
        if (!first || (first.failure.kind === "unknown" && failure.kind === "transient"))
          first = { task: task.name, failure };
      }
      return (
        first ?? { task: null, failure: { kind: "unknown" as const, cause: "no_failed_task", line: null } }
      );
    },
  );
}
