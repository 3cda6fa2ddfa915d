// The App's DolphinScheduler: its server and token come from the operator's environment only
// (threat model A30), never from a repository or a comment.
import type { Env } from "../config.ts";
import { createDsClient } from "../integrations/dolphinscheduler/ds-client.ts";
import {
  connectDolphinScheduler,
  type DsProjectHandle,
} from "../integrations/dolphinscheduler/connect-dolphinscheduler.ts";
import { DsApiError } from "../integrations/dolphinscheduler/ds-errors.ts";

export function connectAppDolphinScheduler(env: Env): (project: string) => Promise<DsProjectHandle> {
  return async (project) => {
    const baseUrl = env.XIHE_DOLPHINSCHEDULER_URL;
    const token = env.XIHE_DOLPHINSCHEDULER_TOKEN;
    if (!baseUrl || !token)
      throw new DsApiError(
        "this Xihe has no DolphinScheduler: its operator sets XIHE_DOLPHINSCHEDULER_URL and XIHE_DOLPHINSCHEDULER_TOKEN",
        -1,
      );
    return connectDolphinScheduler(createDsClient({ baseUrl, token }), project);
  };
}
