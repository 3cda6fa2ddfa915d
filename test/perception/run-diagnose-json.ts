// Runs `xihe diagnose --json` in-process on a copy of a log at a neutral temp path (the case id must
// not leak into what the command sees) and returns the parsed wire output.
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { main } from "../../src/cli.ts";
import { extractedFailure } from "./score-extraction.ts";

const wire = z.object({
  failures: z.array(extractedFailure.passthrough()),
  classification: z.object({ verdict: z.string() }).passthrough(),
});

export async function runDiagnoseJson(logPath: string, extraArgs: string[] = []) {
  const dir = await mkdtemp(join(tmpdir(), "xihe-diag-"));
  try {
    const neutral = join(dir, "log.txt");
    await copyFile(logPath, neutral);
    const out: string[] = [];
    const err: string[] = [];
    const exitCode = await main(["diagnose", "--log", neutral, "--json", ...extraArgs], {
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
      readStdin: async () => "",
      env: {},
      cwd: dir,
      isTTY: false,
    });
    if (exitCode === 2) throw new Error(`diagnose refused the log: ${err.join("")}`);
    return { exitCode, output: wire.parse(JSON.parse(out.join(""))) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
