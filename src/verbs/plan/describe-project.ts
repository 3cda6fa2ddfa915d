// GET /v1/projects/{owner}/{repo}/context without its recent runs: the code index in numbers, the
// commands detected from the manifests and those a run would use, and the config in force.
import type { ProjectContext } from "../../api/project-schemas.ts";
import { detectCommands } from "../../workspace/detect-commands.ts";
import { configView, indexProject, type ProjectCheckout } from "./project-checkout.ts";
import { installCommands, plannedCommands } from "./planned-commands.ts";

export async function describeProject(
  checkout: ProjectCheckout,
): Promise<Omit<ProjectContext, "recentRuns">> {
  const { index } = await indexProject(checkout);
  const count = (keys: string[]) => {
    const out: Record<string, number> = {};
    for (const key of keys) out[key] = (out[key] ?? 0) + 1;
    return out;
  };
  const planned = plannedCommands(checkout.root, checkout.config);
  const ofKind = (kind: string) => planned.filter((c) => c.kind === kind).map((c) => c.command);
  const detected = Object.fromEntries(
    Object.entries(detectCommands(checkout.root)).filter((e): e is [string, string[]] => e[1] !== undefined),
  );
  return {
    repo: checkout.repo,
    headSha: checkout.headSha,
    config: configView(checkout),
    index: {
      files: index.files.length,
      testFiles: index.files.filter((f) => f.isTest).length,
      symbols: index.symbols.length,
      lines: index.files.reduce((sum, f) => sum + f.lines, 0),
      languages: count(index.files.map((f) => f.language)),
      skipped: count(index.skipped.map((s) => s.reason)),
    },
    commands: {
      detected,
      inForce: {
        install: installCommands(checkout.root, checkout.config).map((c) => c.command),
        test: ofKind("test"),
        lint: ofKind("lint"),
        build: ofKind("build"),
      },
    },
  };
}
