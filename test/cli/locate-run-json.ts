// The e2e tests that record a real failing log and re-run it: each scenario's checkout and log in a
// scratch folder, and `xihe locate --repo DIR --log FILE --json --run COMMAND` through the CLI's entry
// point, its JSON parsed.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

export interface LocateRunJson {
  results: { file: string; symbol: string }[];
  dynamic?: {
    status: string;
    reason: string | null;
    runs: {
      argv: string;
      expected: string;
      exitCode: number | null;
      used: boolean;
      note?: string;
      retried?: string;
    }[];
  };
}

/** Runs it (it must exit 0) and returns its JSON, typed as much of it as the caller reads. */
export async function locateRunJson<T = LocateRunJson>(
  dir: string,
  logFile: string,
  command: string,
): Promise<T> {
  const out: string[] = [];
  const cli: CliIo = {
    stdout: (t) => out.push(t),
    stderr: () => undefined,
    readStdin: async () => "",
    env: {},
    cwd: dir,
    isTTY: false,
  };
  const code = await main(["locate", "--repo", dir, "--log", logFile, "--json", "--run", command], cli);
  expect(code).toBe(0);
  return JSON.parse(out.join("")) as T;
}

/**
 * A scenario's checkout under a scratch folder, its failing log recorded once before the scenario's
 * tests (`record` writes the checkout and returns the log), removed after them.
 */
export function recordedLog(name: string, record: (dir: string, scratchDir: string) => Promise<string>) {
  const scratch = makeScratchDir(name);
  const paths = { dir: join(scratch.dir, "checkout"), logFile: join(scratch.dir, "failing.log") };
  beforeAll(async () => writeFileSync(paths.logFile, await record(paths.dir, scratch.dir)), 60_000);
  afterAll(() => scratch.remove());
  return paths;
}
