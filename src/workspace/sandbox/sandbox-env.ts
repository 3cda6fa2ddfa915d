// The environment of every sandboxed process is built from scratch: a fixed base plus the few
// variables callers may pass. Nothing from the host (tokens, keys, GIT_*, NODE_OPTIONS, PATH tricks)
// is inherited, and a variable outside the allow-list is an error rather than silently dropped (A29).
// NODE_OPTIONS itself may be passed only with flags that load no code (node-options-policy.ts).
import { XiheError } from "../../errors.ts";
import { checkNodeOptions } from "./node-options-policy.ts";

/** Variables a caller (repo config, a phase) may set: harmless switches only. */
const allowedNames = new Set([
  "CI",
  "NODE_ENV",
  "LANG",
  "LC_ALL",
  "TZ",
  "TERM",
  "NO_COLOR",
  "FORCE_COLOR",
  "PYTHONDONTWRITEBYTECODE",
  "PYTHONUNBUFFERED",
  "PYTHONHASHSEED",
  "CARGO_TERM_COLOR",
  "RUST_BACKTRACE",
  "GOFLAGS",
  "GOTOOLCHAIN",
  "npm_config_ignore_scripts",
  "npm_config_offline",
  "npm_config_audit",
  "npm_config_fund",
  "npm_config_update_notifier",
  "YARN_ENABLE_SCRIPTS",
]);

// Dynamic localization only (understanding/localize/dynamic): coverage output and its Python tracer,
// accepted only when they name a Xihe coverage folder, so they cannot load other code or reroute output.
const coverageNames = new Set(["NODE_V8_COVERAGE", "PYTHONPATH"]);
const coverageDir = /^\/(?:[^/\0]+\/)*\.xihe-coverage-[0-9a-f]{8,}(?:\/(?:v8|py))?$/;
const isAllowed = (name: string, value: string): boolean =>
  allowedNames.has(name) || (coverageNames.has(name) && coverageDir.test(value) && !value.includes("/../"));

/** Why a variable is refused, or null when it may be set. */
function refusal(name: string, value: string): string | null {
  // NODE_OPTIONS is a list of node flags: the harmless ones pass (node-options-policy.ts).
  if (name === "NODE_OPTIONS") {
    const check = checkNodeOptions(value);
    return check.ok ? null : check.reason;
  }
  return isAllowed(name, value) ? null : "";
}

export class SandboxEnvError extends XiheError {
  readonly code = "env_not_allowed";
  readonly names: readonly string[];
  /** `details`: the reasons of variables refused for their value (NODE_OPTIONS' flags). */
  constructor(names: readonly string[], details: readonly string[] = []) {
    super(
      `environment variable(s) ${names.join(", ")} may not be set for sandboxed commands; ` +
        `allowed: ${[...allowedNames].join(", ")}, and NODE_OPTIONS of harmless node flags` +
        details.map((d) => `; ${d}`).join(""),
    );
    this.names = names;
  }
}

export interface SandboxEnvOptions {
  /** HOME inside the sandbox (private /tmp for bwrap, a scratch dir for local). */
  home: string;
  tmpDir: string;
  /** Toolchain bin dirs searched before the system's (detect-toolchains.ts). */
  pathDirs?: readonly string[];
}

export function buildSandboxEnv(
  extra: Readonly<Record<string, string>> | undefined,
  { home, tmpDir, pathDirs = [] }: SandboxEnvOptions,
): Record<string, string> {
  const rejected = Object.entries(extra ?? {}).flatMap(([name, value]) => {
    const reason = refusal(name, value);
    return reason === null ? [] : [{ name, reason }];
  });
  if (rejected.length > 0)
    throw new SandboxEnvError(
      rejected.map((r) => r.name),
      rejected.map((r) => r.reason).filter((r) => r !== ""),
    );
  return {
    PATH: [...pathDirs, "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
    HOME: home,
    TMPDIR: tmpDir,
    LANG: "C.UTF-8",
    CI: "true",
    XDG_CACHE_HOME: `${home}/.cache`,
    npm_config_cache: `${home}/.npm`,
    npm_config_update_notifier: "false",
    GIT_TERMINAL_PROMPT: "0",
    GIT_CONFIG_NOSYSTEM: "1",
    ...extra,
  };
}
