// `xihe locate --repo DIR --log FILE --json --run COMMAND` through the CLI's entry point, its JSON
// parsed: the shared step of the e2e tests that record a real failing log and re-run it.
import { expect } from "vitest";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";

export interface LocateRunJson {
  results: { file: string; symbol: string }[];
  dynamic?: {
    status: string;
    reason: string | null;
    runs: { argv: string; expected: string; exitCode: number | null; used: boolean; note?: string }[];
  };
}

/** Runs it (it must exit 0) and returns its JSON. */
export async function locateRunJson(dir: string, logFile: string, command: string): Promise<LocateRunJson> {
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
  return JSON.parse(out.join("")) as LocateRunJson;
}
