// The environment for every git command Xihe runs on the host. Built from scratch (no ambient
// variables, no system or global config, no HOME dotfiles), with hardening passed as GIT_CONFIG_*
// so it applies to every command and is never written into a repository's config. The token rides
// the same way as an http.extraHeader: not in argv (visible in /proc/*/cmdline), not in URLs, not in
// .git/config. Nothing here can run code a repository chose (threat model A15, A39).

export interface GitEnvOptions {
  /**
   * An empty directory: hooks are looked up there, so none ever run (A15), and it is HOME, so no
   * dotfile is read. Default /dev/null: every lookup under it fails with ENOTDIR.
   */
  emptyHooksDir?: string;
  /** Installation token for https remotes; omitted for anonymous and file:// remotes. */
  token?: string;
  /** file:// and local paths are allowed for remotes the caller names only when it says so. */
  allowFileProtocol: boolean;
}

/** Who commits when a caller does not set GIT_AUTHOR_* / GIT_COMMITTER_* for a call. */
export const gitIdentity = { name: "xihe", email: "xihe@users.noreply.github.com" } as const;

// A nested repository's status, its filters and its fsmonitor are only consulted when git descends
// into it; these keys keep every host command at the top level (A39).
const noSubmoduleRecursion: [string, string][] = [
  ["diff.ignoreSubmodules", "all"],
  ["status.submoduleSummary", "false"],
  ["submodule.recurse", "false"],
  ["fetch.recurseSubmodules", "false"],
  ["push.recurseSubmodules", "no"],
];

// Remote protocols: https (and http, which delivery allows only to this machine) for the remotes a
// caller names; ssh, git://, ext:: never. "user" still refuses file:// for anything git starts on its
// own (submodules): GIT_PROTOCOL_FROM_USER=0 there.
function protocolConfig(allowFile: boolean): [string, string][] {
  return [
    ["protocol.allow", "never"],
    ["protocol.https.allow", "always"],
    ["protocol.http.allow", "always"],
    ["protocol.file.allow", allowFile ? "user" : "never"],
  ];
}

export function buildGitEnv(o: GitEnvOptions): Record<string, string> {
  const emptyDir = o.emptyHooksDir ?? "/dev/null";
  const config: [string, string][] = [
    ["core.hooksPath", emptyDir],
    ["core.fsmonitor", "false"],
    ["core.pager", "cat"],
    ["core.symlinks", "true"],
    ["core.protectNTFS", "true"],
    ["core.protectHFS", "true"],
    ...protocolConfig(o.allowFileProtocol),
    ...noSubmoduleRecursion,
    // The only driver a trusted config could define for us; every other driver name is undefined
    // because no config a repository controls is read.
    ["filter.lfs.smudge", ""],
    ["filter.lfs.process", ""],
    ["filter.lfs.required", "false"],
    ["commit.gpgsign", "false"],
    ["tag.gpgsign", "false"],
    ["user.name", gitIdentity.name],
    ["user.email", gitIdentity.email],
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
    HOME: emptyDir,
    LANG: "C",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_ATTR_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
    GIT_ASKPASS: "/bin/false",
    GIT_LFS_SKIP_SMUDGE: "1",
    // status must not rewrite the index behind a concurrent command's back.
    GIT_OPTIONAL_LOCKS: "0",
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}
