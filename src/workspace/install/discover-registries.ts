// The registries an install may reach, from trusted places only: the package-manager configuration
// of the host Xihe runs on (npm's effective config read in an empty directory, so no project's
// `.npmrc` takes part; pip's own configuration and default index), plus `sandbox.registries` from the
// default branch's config. Nothing in the pull request's checkout is read here (A28).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import type { InstallRegistries } from "./install-env.ts";

export interface DiscoverOptions {
  /** The host environment Xihe was started with (PATH, npm_config_*, PIP_*): trusted. */
  hostEnv: Readonly<Record<string, string | undefined>>;
  /** `sandbox.registries` from the trusted repository config. */
  configured: readonly string[];
  timeoutMs?: number;
  log: Pick<Logger, "warn">;
}

const npmManagers = new Set(["npm", "pnpm", "yarn", "yarn-berry"]);
const pipManagers = new Set(["pip", "poetry", "uv"]);

// Prints pip's effective index URLs (config files and PIP_* variables) and its built-in default.
const pipProbe = `
import json
from pip._internal.configuration import Configuration
from pip._internal.models.index import PyPI
c = Configuration(isolated=False); c.load(); d = dict(c.items())
pick = lambda key: d.get("global." + key) or d.get(":env:." + key) or d.get("install." + key) or ""
print(json.dumps({"index": pick("index-url") or PyPI.simple_url, "extra": pick("extra-index-url").split(),
  "files": "https://" + PyPI.file_storage_domain + "/"}))
`;
const pipAnswer = z.object({ index: z.string(), extra: z.array(z.string()), files: z.string() });

const publicYarnRegistry = "https://registry.yarnpkg.com/";
const isPublicNpm = (url: string): boolean => /^https:\/\/registry\.npmjs\.org\/?$/.test(url);

export async function discoverRegistries(
  manager: string,
  options: DiscoverOptions,
): Promise<InstallRegistries> {
  const out: InstallRegistries = { allowedUrls: [...options.configured] };
  const run = (file: string, args: string[], cwd: string) =>
    execa(file, args, {
      cwd,
      env: configEnv(options.hostEnv),
      extendEnv: false,
      timeout: options.timeoutMs ?? 30_000,
    });
  const scratch = mkdtempSync(join(tmpdir(), "xihe-registries-"));
  try {
    const configured = manager === "configured";
    if (configured || npmManagers.has(manager)) {
      const config = await run("npm", ["config", "list", "--json"], scratch).then(
        (r) => z.record(z.string(), z.unknown()).parse(JSON.parse(r.stdout)),
        (err: unknown) => warnNone(options.log, err, "npm"),
      );
      for (const [key, value] of Object.entries(config ?? {}))
        if ((key === "registry" || key.endsWith(":registry")) && typeof value === "string")
          out.allowedUrls.push(value);
      if (typeof config?.registry === "string") out.npmRegistry = config.registry;
      // yarn 1 fetches the URLs its lockfile names, and it writes the public registry's as
      // registry.yarnpkg.com: the same registry under yarn's name. Allowed only when the host uses
      // the public registry; a host with its own mirror keeps its choice (sandbox.registries).
      if (manager === "yarn" && out.npmRegistry !== undefined && isPublicNpm(out.npmRegistry))
        out.allowedUrls.push(publicYarnRegistry);
      // A host behind a TLS-inspecting proxy trusts its CA through npm's cafile; without it every
      // registry request from the sandbox fails with SELF_SIGNED_CERT_IN_CHAIN.
      if (typeof config?.cafile === "string" && config.cafile !== "") out.npmCafile = config.cafile;
    }
    if (configured || pipManagers.has(manager)) {
      const answer = await run("python3", ["-c", pipProbe], scratch).then(
        (r) => pipAnswer.parse(JSON.parse(r.stdout)),
        (err: unknown) => warnNone(options.log, err, "pip"),
      );
      if (answer) {
        out.allowedUrls.push(answer.index, ...answer.extra, answer.files);
        if (answer.index) out.pipIndexUrl = answer.index;
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  out.allowedUrls = [...new Set(out.allowedUrls)];
  return out;
}

// Without the host's config for a manager, its installs can reach only sandbox.registries: degraded
// on purpose (blocked hosts are then listed in the evidence), never a guessed public registry.
function warnNone(log: Pick<Logger, "warn">, err: unknown, tool: string): null {
  log.warn({ err, tool }, "could not read the host's registry configuration");
  return null;
}

// Only what locates the tools and their configuration; no token or key reaches the probes.
const configNames =
  /^(?:PATH|HOME|XDG_CONFIG_HOME|PYENV_[A-Z_]+|VIRTUAL_ENV|npm_config_\w+|NPM_CONFIG_\w+|PIP_\w+)$/;

function configEnv(hostEnv: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(hostEnv).filter(
      (e): e is [string, string] => e[1] !== undefined && configNames.test(e[0]),
    ),
  );
}
