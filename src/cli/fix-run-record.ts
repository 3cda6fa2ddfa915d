// The run record behind `xihe fix`: a new run, or (with --resume) the stored one, whose commands
// and branch the resumed loop must reuse. Kept apart from the command so the flags file stays small.
import { z } from "zod";
import { UsageError } from "../errors.ts";
import type { Json, Store } from "../store/store.ts";

const storedContext = z.object({ commands: z.array(z.string()).min(1), originalBranch: z.string() });

export interface FixRunSpec {
  resume: string | undefined;
  root: string;
  commands: string[];
  originalBranch: string;
  headSha: string;
  budget: Json;
  newId: () => string;
  now: () => Date;
}

export async function openFixRun(
  store: Store,
  spec: FixRunSpec,
): Promise<{ runId: string; commands: string[] }> {
  if (spec.resume === undefined) {
    const runId = spec.newId();
    await store.createRun(
      {
        installationId: null,
        repo: spec.root,
        pr: null,
        headSha: spec.headSha,
        verb: "fix",
        args: spec.commands.join(" && "),
        trigger: "cli",
        requester: "cli",
        budget: spec.budget,
        context: { commands: spec.commands, originalBranch: spec.originalBranch },
      },
      { id: runId, now: spec.now().toISOString() },
    );
    return { runId, commands: spec.commands };
  }
  const run = await store.getRun(spec.resume);
  if (!run || run.verb !== "fix" || run.repo !== spec.root)
    throw new UsageError(
      `no fix run ${spec.resume} for ${spec.root} in this store; check the id printed by the first run`,
    );
  const context = storedContext.safeParse(run.context);
  if (!context.success)
    throw new UsageError(`run ${spec.resume} was not started by xihe fix and cannot be resumed here`);
  return { runId: run.id, commands: context.data.commands };
}
