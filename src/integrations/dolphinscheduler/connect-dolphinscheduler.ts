// Opening a DolphinScheduler project: the server is checked to speak the 3.x API this client was
// written for before anything is started on it. 3.x has no version endpoint, so the version is read
// from the API's shape: projects addressed by numeric codes (3.0+), and workflows still served as
// `process-definition` (3.0–3.2; 3.3 renamed them to `workflow-definition`).
import type { DsClient, DsWorkflowDefinition } from "./ds-client.ts";
import { DsApiError, DsUnsupportedVersion, UnknownWorkflow } from "./ds-errors.ts";

export interface DsProjectHandle {
  client: DsClient;
  projectCode: number;
  projectName: string;
  /** The API generation found at start. */
  api: "3.0-3.2";
}

export async function connectDolphinScheduler(
  client: DsClient,
  projectName: string,
): Promise<DsProjectHandle> {
  const projects = await client.listProjects().catch((err: unknown) => {
    throw isNotFound(err)
      ? new DsUnsupportedVersion(
          "the server has no /projects/list: it is not a DolphinScheduler 3.x API. Set XIHE_DOLPHINSCHEDULER_URL to the API's base URL (http://host:12345/dolphinscheduler)",
          { cause: err },
        )
      : err;
  });
  const project = projects.find((p) => p.name === projectName);
  if (!project)
    throw new DsApiError(
      `no DolphinScheduler project "${projectName}" visible to this token (visible: ${projects.map((p) => p.name).join(", ") || "none"}); fix integrations.dolphinscheduler.project or the token's user`,
      -1,
    );
  await client.listWorkflows(project.code).catch((err: unknown) => {
    throw isNotFound(err)
      ? new DsUnsupportedVersion(
          "the server has no process-definition API: DolphinScheduler 3.3 and later renamed it, and Xihe speaks the 3.0–3.2 API",
          { cause: err },
        )
      : err;
  });
  return { client, projectCode: project.code, projectName, api: "3.0-3.2" };
}

/** The workflow of exactly this name in the project. */
export async function findWorkflow(handle: DsProjectHandle, name: string): Promise<DsWorkflowDefinition> {
  const candidates = await handle.client.listWorkflows(handle.projectCode, name);
  const found = candidates.find((d) => d.name === name);
  if (found) return found;
  const all = await handle.client.listWorkflows(handle.projectCode);
  throw new UnknownWorkflow(
    `no workflow "${name}" in DolphinScheduler project "${handle.projectName}" (workflows: ${
      all
        .map((d) => d.name)
        .slice(0, 20)
        .join(", ") || "none"
    })`,
  );
}

function isNotFound(err: unknown): boolean {
  return err instanceof DsApiError && err.dsCode === 404;
}
