// Dynamic localization of a small real project: its index, perception of its real log, and the
// failing tests re-run in the real sandbox, which sees the project's own node_modules read-only.
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { diagnose } from "../../../../../src/perception/diagnose.ts";
import { buildIndex } from "../../../../../src/understanding/index/build-index.ts";
import {
  dynamicLocalize,
  type DynamicOutcome,
} from "../../../../../src/understanding/localize/dynamic/dynamic-localize.ts";
import { createBwrapSandbox } from "../../../../../src/workspace/sandbox/bwrap-sandbox.ts";
import { detectSandboxSupport } from "../../../../../src/workspace/sandbox/sandbox-support.ts";

export const projectModules = realpathSync(join(process.cwd(), "node_modules"));
export const vitestBin = join(projectModules, "vitest", "vitest.mjs");

export async function locateInSandbox(
  repo: { dir: string; log: string },
  command: string,
): Promise<DynamicOutcome> {
  const index = await buildIndex(repo.dir, { cache: null });
  const { failures } = await diagnose(repo.log, { repoRoot: repo.dir });
  const sandbox = createBwrapSandbox({
    root: repo.dir,
    support: detectSandboxSupport(randomUUID()),
    newId: randomUUID,
    now: Date.now,
    readOnlyDirs: [projectModules],
  });
  return dynamicLocalize({
    sandbox,
    index,
    failures,
    logText: repo.log,
    command,
    budgetMs: 60_000,
    now: Date.now,
    newHexId: () => randomBytes(6).toString("hex"),
    readText: (file) => {
      try {
        return readFileSync(join(repo.dir, file), "utf8");
      } catch {
        return null;
      }
    },
  });
}
