// The registries npm uses on the host Xihe runs on: npm's effective config read in an empty
// directory, so no project's `.npmrc` takes part (A28). Keys kept: `registry` and `@scope:registry`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { z } from "zod";

export type NpmRegistries = Record<string, string>;

// What locates npm and its configuration; no token or key reaches the probe.
const configNames = /^(?:PATH|HOME|XDG_CONFIG_HOME|npm_config_\w+|NPM_CONFIG_\w+)$/;

export async function readHostNpmRegistries(
  hostEnv: Readonly<Record<string, string | undefined>>,
): Promise<NpmRegistries> {
  const scratch = mkdtempSync(join(tmpdir(), "xihe-npm-config-"));
  try {
    const env = Object.fromEntries(
      Object.entries(hostEnv).filter(
        (e): e is [string, string] => e[1] !== undefined && configNames.test(e[0]),
      ),
    );
    const { stdout } = await execa("npm", ["config", "list", "--json"], {
      cwd: scratch,
      env,
      extendEnv: false,
      timeout: 30_000,
    });
    const config = z.record(z.string(), z.unknown()).parse(JSON.parse(stdout));
    return Object.fromEntries(
      Object.entries(config).filter(
        (e): e is [string, string] =>
          (e[0] === "registry" || /^@[\w.-]+:registry$/.test(e[0])) && typeof e[1] === "string",
      ),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
