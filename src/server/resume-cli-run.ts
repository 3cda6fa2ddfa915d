// `xihe serve`'s RunApprover: a held change of a `xihe fix` run is applied by the same command a
// person would type in that checkout — `xihe fix --resume ID --approve STEP` — started in the
// background with the server's environment. The run is marked running first, so a second approval
// is refused; if the resume ends without recording an outcome, the run goes back to needs_input.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RunApprover } from "../api/approve-route.ts";
import type { Logger } from "../logger.ts";
import type { Store } from "../store/store.ts";

const xiheBin = fileURLToPath(new URL("../../bin/xihe.js", import.meta.url));

export function resumeCliRunApprover(deps: {
  store: Store;
  storePath: string;
  hostEnv: Readonly<Record<string, string | undefined>>;
  log: Logger;
  now: () => Date;
}): RunApprover {
  return {
    async approve(run, steps) {
      if (run.trigger !== "cli")
        return {
          ok: false,
          detail: `run ${run.id} was not started by xihe fix; xihe serve resumes only those`,
        };
      if (!existsSync(run.repo))
        return { ok: false, detail: `the checkout of run ${run.id} (${run.repo}) is not on this machine` };
      await deps.store.updateRun(run.id, {
        status: "running",
        reason: `resuming with ${steps.join(", ")} approved through the API`,
        endedAt: null,
      });
      const args = ["fix", "--resume", run.id, "--repo", run.repo, ...steps.flatMap((s) => ["--approve", s])];
      const child = spawn(process.execPath, [xiheBin, ...args], {
        cwd: run.repo,
        env: { ...deps.hostEnv, XIHE_STORE: deps.storePath },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000)));
      child.on(
        "error",
        (err) => void settle(deps, run.id, `could not start xihe fix --resume: ${err.message}`),
      );
      child.on("close", (code) => {
        if (code !== 0) void settle(deps, run.id, stderr.trim() || `xihe fix --resume exited ${code}`);
      });
      return { ok: true };
    },
  };
}

/** A resume that stopped before recording an outcome leaves the run as it was: needing input. */
async function settle(deps: { store: Store; log: Logger; now: () => Date }, runId: string, why: string) {
  try {
    const run = await deps.store.getRun(runId);
    if (run?.status !== "running") return;
    deps.log.warn({ runId, why }, "resuming an approved run failed");
    await deps.store.updateRun(runId, {
      status: "needs_input",
      reason: `the approved resume failed: ${why.slice(0, 500)}`,
      endedAt: deps.now().toISOString(),
    });
  } catch (err) {
    deps.log.warn({ err, runId }, "could not record a failed resume");
  }
}
