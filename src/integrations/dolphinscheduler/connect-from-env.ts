// Xihe's DolphinScheduler: its server and token come from the operator's environment only (threat
// model A30), never from a repository or a comment. Used by `/xihe workflow` and by fix and upgrade
// runs that verify with `verify.workflows`.
import type { Env } from "../../config.ts";
import { createDsClient } from "./ds-client.ts";
import { connectDolphinScheduler, type DsProjectHandle } from "./connect-dolphinscheduler.ts";
import { DsApiError } from "./ds-errors.ts";

export function connectFromEnv(env: Env): (project: string) => Promise<DsProjectHandle> {
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
