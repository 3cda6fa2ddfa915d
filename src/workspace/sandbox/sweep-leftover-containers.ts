// Containers are not children of Xihe: if Xihe dies mid-command the engine keeps them. Every sandbox
// container carries the pid of the Xihe process that started it; a new runner removes the labelled
// containers whose owner is gone (a live Xihe's containers are left alone).
import { execFile } from "node:child_process";
import type { ContainerEngine } from "./container-engine.ts";

export const ownerLabel = "xihe.owner-pid";
export const runLabel = "xihe.run";

export async function sweepLeftoverContainers(
  engine: Pick<ContainerEngine, "cli" | "globalArgs" | "kind">,
  isAlive: (pid: number) => boolean = isProcessAlive,
): Promise<string[]> {
  const listing = await engineOutput(engine, [
    "ps",
    "-a",
    "--filter",
    `label=${ownerLabel}`,
    "--format",
    `{{.Names}} {{index .Labels "${ownerLabel}"}}`,
  ]);
  const orphans = listing
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([name, pid]) => name !== undefined && name !== "" && !isAlive(Number(pid)))
    .map(([name]) => name as string);
  for (const name of orphans) await removeContainer(engine, name);
  return orphans;
}

/** `rm -f` by name; a container that is already gone is not an error. */
export async function removeContainer(
  engine: Pick<ContainerEngine, "cli" | "globalArgs" | "kind">,
  name: string,
): Promise<void> {
  // podman's rm -f first waits for a stop timeout (10 s by default); docker's kills at once.
  const now = engine.kind === "podman" ? ["--time", "0"] : [];
  await engineOutput(engine, ["rm", "-f", ...now, name]).catch(() => "");
}

function engineOutput(engine: Pick<ContainerEngine, "cli" | "globalArgs">, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(engine.cli, [...engine.globalArgs, ...args], { timeout: 60_000 }, (err, stdout, stderr) =>
      err
        ? reject(new Error(`${engine.cli} ${args[0]} failed: ${stderr.trim()}`, { cause: err }))
        : resolve(stdout),
    ),
  );
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err instanceof Error && "code" in err && err.code === "EPERM";
  }
}
