// The environment for every git command Xihe runs on PR content. Built from scratch (no ambient
// GIT_* or HOME config), with hardening passed as GIT_CONFIG_* so it applies to every command and
// is never written into a repository's config. The token rides the same way as an http.extraHeader:
// not in argv (visible in /proc/*/cmdline), not in URLs, not in .git/config.

export interface GitEnvOptions {
  /** An empty directory: hooks are looked up there, so none ever run (A15). */
  emptyHooksDir: string;
  /** Installation token for https remotes; omitted for anonymous and file:// remotes. */
  token?: string;
  /** file:// is allowed for the top-level remote only when it is one (tests, local mirrors). */
  allowFileProtocol: boolean;
}

export function buildGitEnv(o: GitEnvOptions): Record<string, string> {
  const config: [string, string][] = [
    ["core.hooksPath", o.emptyHooksDir],
    ["core.fsmonitor", "false"],
    ["core.symlinks", "true"],
    ["core.protectNTFS", "true"],
    ["core.protectHFS", "true"],
    // "user" still refuses file:// for anything git starts on its own (submodules): GIT_PROTOCOL_FROM_USER=0 there.
    ["protocol.file.allow", o.allowFileProtocol ? "user" : "never"],
    ["protocol.ext.allow", "never"],
    ["submodule.recurse", "false"],
    ["fetch.recurseSubmodules", "false"],
    ["filter.lfs.smudge", ""],
    ["filter.lfs.process", ""],
    ["filter.lfs.required", "false"],
    ["advice.detachedHead", "false"],
    ["gc.auto", "0"],
    ["maintenance.auto", "false"],
    ["credential.helper", ""],
  ];
  if (o.token !== undefined) {
    const basic = Buffer.from(`x-access-token:${o.token}`).toString("base64");
    config.push(["http.extraHeader", `Authorization: Basic ${basic}`]);
  }
  const env: Record<string, string> = {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    HOME: o.emptyHooksDir,
    LANG: "C",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "/bin/false",
    GIT_LFS_SKIP_SMUDGE: "1",
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}
