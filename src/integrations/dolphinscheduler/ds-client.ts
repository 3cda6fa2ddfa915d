// The DolphinScheduler 3.x REST API, as much of it as Xihe uses: every call sends the access token
// in the `token` header and reads the `{code, msg, data}` envelope; answers are parsed, never cast.
// Workflows are "process definitions" in the 3.0–3.2 API, addressed by project and definition codes.
import { z } from "zod";
import { DsApiError, DsTokenRefused, DsUnreachable } from "./ds-errors.ts";

export interface DsClientOptions {
  /** The API's base URL, e.g. https://ds.example:12345/dolphinscheduler */
  baseUrl: string;
  token: string;
  timeoutMs?: number;
}

const code = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);
const project = z.object({ code, name: z.string() });
const definition = z.object({
  code,
  name: z.string(),
  releaseState: z.string().nullish(),
  version: z.number().nullish(),
  description: z.string().nullish(),
});
const instance = z.object({
  id: z.number(),
  name: z.string().nullish(),
  state: z.string(),
  startTime: z.string().nullish(),
  endTime: z.string().nullish(),
  commandParam: z.string().nullish(),
  globalParams: z.string().nullish(),
  processDefinitionCode: code.nullish(),
});
const task = z.object({
  id: z.number(),
  name: z.string(),
  state: z.string(),
  taskType: z.string().nullish(),
});
const page = <T extends z.ZodType>(item: T) => z.object({ totalList: z.array(item).nullish() });

export type DsProject = z.infer<typeof project>;
export type DsWorkflowDefinition = z.infer<typeof definition>;
export type DsInstance = z.infer<typeof instance>;
export type DsTaskInstance = z.infer<typeof task>;

export interface DsClient {
  listProjects(): Promise<DsProject[]>;
  listWorkflows(projectCode: number, search?: string): Promise<DsWorkflowDefinition[]>;
  startWorkflow(
    projectCode: number,
    definitionCode: number,
    startParams: Record<string, string>,
  ): Promise<void>;
  /** The newest instances of one workflow, newest first. */
  listInstances(projectCode: number, definitionCode: number, pageSize: number): Promise<DsInstance[]>;
  getInstance(projectCode: number, instanceId: number): Promise<DsInstance>;
  /** Asks the master to stop a running instance (`executors/execute`, executeType STOP). */
  stopInstance(projectCode: number, instanceId: number): Promise<void>;
  listTasks(projectCode: number, instanceId: number): Promise<DsTaskInstance[]>;
  /** The first `limit` lines of one task instance's log. */
  taskLog(taskInstanceId: number, limit: number): Promise<string>;
}

export function createDsClient(options: DsClientOptions): DsClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    params: Record<string, string | number>,
    data: z.ZodType<T>,
  ): Promise<T> {
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const url = method === "GET" ? `${base}${path}?${query}` : `${base}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          token: options.token,
          accept: "application/json",
          ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: method === "POST" ? query.toString() : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new DsUnreachable(
        `DolphinScheduler at ${base} did not answer ${method} ${path} (${reason(err)}); check XIHE_DOLPHINSCHEDULER_URL and that the API server is up`,
        { cause: err },
      );
    }
    const text = await response.text().catch(() => "");
    // A missing, expired or unknown token, or a disabled user: the login interceptor answers 401, no body.
    if (response.status === 401 || response.status === 403)
      throw new DsTokenRefused(
        `DolphinScheduler refused the token (HTTP ${response.status} on ${path}); create a new access token in its Security → Token page and set XIHE_DOLPHINSCHEDULER_TOKEN`,
      );
    if (response.status >= 500 || response.status === 429)
      throw new DsUnreachable(
        `DolphinScheduler answered HTTP ${response.status} on ${method} ${path}; try again later`,
      );
    if (response.status >= 400)
      throw new DsApiError(
        `DolphinScheduler answered HTTP ${response.status} on ${method} ${path}: ${text.slice(0, 200)}`,
        response.status,
      );
    return unwrap(text, path, data);
  }

  return {
    listProjects: () => call("GET", "/projects/list", {}, z.array(project)),
    async listWorkflows(projectCode, search) {
      const params = { pageNo: 1, pageSize: 100, ...(search ? { searchVal: search } : {}) };
      const found = await call(
        "GET",
        `/projects/${projectCode}/process-definition`,
        params,
        page(definition),
      );
      return found.totalList ?? [];
    },
    async startWorkflow(projectCode, definitionCode, startParams) {
      await call(
        "POST",
        `/projects/${projectCode}/executors/start-process-instance`,
        {
          processDefinitionCode: definitionCode,
          scheduleTime: "",
          failureStrategy: "END",
          warningType: "NONE",
          execType: "START_PROCESS",
          taskDependType: "TASK_POST",
          runMode: "RUN_MODE_SERIAL",
          processInstancePriority: "MEDIUM",
          workerGroup: "default",
          startParams: JSON.stringify(startParams),
          dryRun: 0,
        },
        z.unknown(),
      );
    },
    async listInstances(projectCode, definitionCode, pageSize) {
      const params = { pageNo: 1, pageSize, processDefineCode: definitionCode };
      const found = await call("GET", `/projects/${projectCode}/process-instances`, params, page(instance));
      return found.totalList ?? [];
    },
    getInstance: (projectCode, id) =>
      call("GET", `/projects/${projectCode}/process-instances/${id}`, {}, instance),
    async stopInstance(projectCode, id) {
      await call(
        "POST",
        `/projects/${projectCode}/executors/execute`,
        { processInstanceId: id, executeType: "STOP" },
        z.unknown(),
      );
    },
    async listTasks(projectCode, id) {
      const tasks = await call(
        "GET",
        `/projects/${projectCode}/process-instances/${id}/tasks`,
        {},
        z.object({ taskList: z.array(task).nullish() }),
      );
      return tasks.taskList ?? [];
    },
    async taskLog(taskInstanceId, limit) {
      // 3.0 answers the log as a string; 3.1 and later as {lineNum, message}.
      const log = await call(
        "GET",
        "/log/detail",
        { taskInstanceId, skipLineNum: 0, limit },
        z.union([z.string(), z.object({ message: z.string().nullish() })]).nullish(),
      );
      return typeof log === "string" ? log : (log?.message ?? "");
    },
  };
}

function unwrap<T>(text: string, path: string, data: z.ZodType<T>): T {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new DsApiError(
      `DolphinScheduler's answer on ${path} is not JSON (${text.slice(0, 80)}); is XIHE_DOLPHINSCHEDULER_URL the API's base URL (…/dolphinscheduler)?`,
      -1,
      { cause: err },
    );
  }
  const envelope = z
    .object({ code: z.number(), msg: z.string().nullish(), data: z.unknown() })
    .safeParse(body);
  if (!envelope.success)
    throw new DsApiError(`DolphinScheduler's answer on ${path} has no {code, msg, data} envelope`, -1);
  const { code: status, msg, data: payload } = envelope.data;
  if (status !== 0)
    throw new DsApiError(`DolphinScheduler refused ${path}: ${msg ?? "no message"} (code ${status})`, status);
  const parsed = data.safeParse(payload);
  if (!parsed.success)
    throw new DsApiError(
      `DolphinScheduler's data on ${path} has an unexpected shape: ${parsed.error.message.slice(0, 200)}`,
      -1,
    );
  return parsed.data;
}

function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? err.cause.message : err.message;
}
