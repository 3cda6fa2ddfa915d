// A DolphinScheduler 3.x API server on 127.0.0.1 for tests: the documented endpoints under
// /dolphinscheduler, the `token` header checked by the login interceptor (401 with no body when it is
// unknown), the {code, msg, data} envelope, and instances that move through 3.x states as they are
// read. Each start runs the next scripted plan of its workflow.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface TaskPlan {
  name: string;
  state: string;
  log: string;
}
/** What one started instance does: the states it shows on successive reads, then its tasks. */
export interface InstancePlan {
  states: string[];
  tasks?: TaskPlan[];
}
export interface FakeWorkflow {
  name: string;
  code: number;
  plans: InstancePlan[];
}
interface Instance {
  id: number;
  definitionCode: number;
  name: string;
  commandParam: string;
  reads: number;
  plan: InstancePlan;
  taskIds: number[];
  /** Reads since a STOP was taken: READY_STOP once, then STOP. */
  stopReads: number | null;
}

export interface FakeDolphinScheduler {
  baseUrl: string;
  /** Every start-process-instance request's form fields. */
  starts: Record<string, string>[];
  /** Every executors/execute request's form fields (STOP, PAUSE, ...). */
  executes: Record<string, string>[];
  requests: string[];
  /** The next start is taken but its answer is lost (the connection is cut). */
  loseNextStartAnswer(): void;
  close(): Promise<void>;
}

const projectCode = 9_876_543_210_123;
const terminalStates = new Set(["SUCCESS", "FORCED_SUCCESS", "FAILURE", "STOP", "KILL"]);

export async function startFakeDolphinScheduler(opts: {
  token: string;
  project: string;
  workflows: FakeWorkflow[];
}): Promise<FakeDolphinScheduler> {
  const starts: Record<string, string>[] = [];
  const executes: Record<string, string>[] = [];
  const requests: string[] = [];
  const instances: Instance[] = [];
  const tasks = new Map<number, TaskPlan>();
  const planIndex = new Map<number, number>();
  let loseAnswer = false;
  let nextTaskId = 500;

  const ok = (res: ServerResponse, data: unknown) => send(res, 200, { code: 0, msg: "success", data });
  const fail = (res: ServerResponse, code: number, msg: string) => send(res, 200, { code, msg, data: null });
  const stateOf = (i: Instance) =>
    i.stopReads === null
      ? i.plan.states[Math.min(i.reads, i.plan.states.length - 1)]!
      : i.stopReads === 0
        ? "READY_STOP"
        : "STOP";
  const view = (i: Instance, withParams: boolean) => ({
    id: i.id,
    name: i.name,
    state: stateOf(i),
    processDefinitionCode: i.definitionCode,
    startTime: "2026-12-04 10:00:00",
    ...(withParams ? { commandParam: i.commandParam, globalParams: "[]" } : {}),
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(`${req.method} ${url.pathname}`);
    if (!url.pathname.startsWith("/dolphinscheduler/"))
      return send(res, 404, { status: 404, error: "Not Found", path: url.pathname });
    if (req.headers.token !== opts.token) return send(res, 401, null);
    const path = url.pathname.slice("/dolphinscheduler".length);
    const q = url.searchParams;
    if (path === "/projects/list") return ok(res, [{ id: 1, code: projectCode, name: opts.project }]);
    const m = /^\/projects\/(\d+)(\/.*)$/.exec(path);
    if (path === "/log/detail") {
      const task = tasks.get(Number(q.get("taskInstanceId")));
      return task
        ? ok(res, { lineNum: task.log.split("\n").length, message: task.log })
        : fail(res, 10103, "task instance not found");
    }
    if (!m || Number(m[1]) !== projectCode) return fail(res, 10018, "project not found");
    const rest = m[2]!;
    if (req.method === "GET" && rest === "/process-definition") {
      const search = q.get("searchVal") ?? "";
      const list = opts.workflows
        .filter((w) => w.name.includes(search))
        .map((w) => ({ code: w.code, name: w.name, releaseState: "ONLINE", version: 1 }));
      return ok(res, { totalList: list, total: list.length, currentPage: 1, pageSize: 100 });
    }
    if (req.method === "POST" && rest === "/executors/start-process-instance") {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      starts.push(form);
      const workflow = opts.workflows.find((w) => w.code === Number(form.processDefinitionCode));
      if (!workflow) return fail(res, 50003, "process definition not exists");
      const n = planIndex.get(workflow.code) ?? 0;
      planIndex.set(workflow.code, n + 1);
      const plan = workflow.plans[Math.min(n, workflow.plans.length - 1)]!;
      const id = 100 + instances.length;
      const taskIds = (plan.tasks ?? []).map((t) => {
        tasks.set(nextTaskId, t);
        return nextTaskId++;
      });
      const startParams = JSON.parse(form.startParams ?? "{}") as unknown;
      instances.push({
        id,
        definitionCode: workflow.code,
        name: `${workflow.name}-${n + 1}`,
        commandParam: JSON.stringify({ StartParams: startParams }),
        reads: 0,
        plan,
        taskIds,
        stopReads: null,
      });
      if (loseAnswer) {
        loseAnswer = false;
        return req.socket.destroy();
      }
      return ok(res, null);
    }
    if (req.method === "POST" && rest === "/executors/execute") {
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      executes.push(form);
      const target = instances.find((i) => i.id === Number(form.processInstanceId));
      if (!target) return fail(res, 10015, "process instance not found");
      const state = stateOf(target);
      // As the 3.x executor service does: only a running instance can be stopped.
      if (form.executeType !== "STOP" || terminalStates.has(state))
        return fail(
          res,
          50008,
          `the status of process instance ${target.name} is ${state}, Cannot ${form.executeType} operation`,
        );
      target.stopReads = 0;
      return ok(res, null);
    }
    if (req.method === "GET" && rest === "/process-instances") {
      const code = Number(q.get("processDefineCode"));
      const list = instances
        .filter((i) => i.definitionCode === code)
        .reverse()
        .map((i) => view(i, false));
      return ok(res, { totalList: list, total: list.length });
    }
    const one = /^\/process-instances\/(\d+)(\/tasks)?$/.exec(rest);
    const instance = one && instances.find((i) => i.id === Number(one[1]));
    if (req.method === "GET" && instance && !one[2]) {
      const body = view(instance, true);
      instance.reads++;
      if (instance.stopReads !== null) instance.stopReads++;
      return ok(res, body);
    }
    if (req.method === "GET" && instance && one[2]) {
      const taskList = instance.taskIds.map((id) => ({
        id,
        name: tasks.get(id)!.name,
        state: tasks.get(id)!.state,
        taskType: "SQL",
      }));
      return ok(res, { taskList, processInstanceState: view(instance, false).state });
    }
    return send(res, 404, { timestamp: "", status: 404, error: "Not Found", path: url.pathname });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { code: 10000, msg: String(err), data: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/dolphinscheduler`,
    starts,
    executes,
    requests,
    loseNextStartAnswer: () => (loseAnswer = true),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body === null ? "" : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
