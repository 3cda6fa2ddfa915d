// `xihe locate --run CMD`: the sandbox wiring for dynamic localization (the CLI builds adapters).
// The checkout's own runner config decides the sandbox; the fallback reason goes to stderr.
import { randomBytes, randomUUID } from "node:crypto";
import type { Failure } from "../perception/failure.ts";
import type { RepoIndex } from "../understanding/index/open-repo-index.ts";
import { dynamicLocalize, type DynamicOutcome } from "../understanding/localize/dynamic/dynamic-localize.ts";
import type { SignalName, SignalScores } from "../understanding/localize/localize-signal.ts";
import { chooseSandbox, SandboxUnavailableError } from "../workspace/sandbox/choose-sandbox.ts";
import type { Sandbox } from "../workspace/sandbox/sandbox.ts";
import { defaultSandboxLimits } from "../workspace/sandbox/sandbox-limits.ts";
import { detectSandboxSupport } from "../workspace/sandbox/sandbox-support.ts";
import type { CliIo } from "./cli-io.ts";

const runners = ["auto", "bwrap", "docker", "local"] as const;

export async function locateDynamic(
  io: CliIo,
  repo: RepoIndex,
  perceived: { failures: readonly Failure[]; logText: string },
  run: { command: string; budgetSeconds: number },
): Promise<{ outcome: DynamicOutcome; extraSignals?: Map<SignalName, SignalScores> }> {
  const config = repo.config.sandbox;
  const fromEnv = runners.find((r) => r === io.env.XIHE_SANDBOX) ?? "auto";
  let sandbox: Sandbox;
  try {
    sandbox = chooseSandbox({
      requested: config.runner !== "auto" ? config.runner : fromEnv,
      source: "local_checkout",
      trustLocal: false,
      root: repo.root,
      support: detectSandboxSupport(randomUUID()),
      dockerImage: io.env.XIHE_DOCKER_IMAGE,
      newId: randomUUID,
      now: Date.now,
      defaults: { ...defaultSandboxLimits, memoryMb: config.memory_mb, maxPids: config.max_pids },
    });
  } catch (err) {
    if (!(err instanceof SandboxUnavailableError)) throw err;
    return fellBack(io, { kind: "fallback", reason: err.message, runs: [], elapsedMs: 0 });
  }
  const outcome = await dynamicLocalize({
    sandbox,
    index: repo.index,
    ...perceived,
    command: run.command,
    budgetMs: run.budgetSeconds * 1000,
    now: Date.now,
    newHexId: () => randomBytes(6).toString("hex"),
    readText: repo.readText,
  });
  if (outcome.kind === "fallback") return fellBack(io, outcome);
  return { outcome, extraSignals: new Map([["spectrum", outcome.signal]]) };
}

function fellBack(io: CliIo, outcome: DynamicOutcome & { kind: "fallback" }) {
  io.stderr(`dynamic localization fell back to static ranking: ${outcome.reason}\n`);
  return { outcome };
}

/** What `--json` reports about the dynamic pass: how it ended, its runs and its time. */
export function dynamicSummary(outcome: DynamicOutcome) {
  return {
    status: outcome.kind,
    reason: outcome.kind === "fallback" ? outcome.reason : null,
    elapsedMs: Math.round(outcome.elapsedMs),
    runs: outcome.runs.map((r) => ({ ...r, argv: r.argv.join(" ") })),
  };
}
