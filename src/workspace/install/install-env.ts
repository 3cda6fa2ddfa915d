// The environment of every install command, from the App's trusted settings only. Environment
// variables outrank a project's `.npmrc`, so the PR's file cannot choose the registry, the git or
// script-shell binary, or turn install scripts or TLS checks back on (A28); user and global npm
// config are replaced by empty files. pip reads no config file at all.
export interface InstallRegistries {
  /** Every registry URL the install may reach (the proxy's allow-list). */
  allowedUrls: string[];
  /** The npm registry the App's host uses (`npm config get registry`). */
  npmRegistry?: string;
  /** The CA file the App's host npm trusts (`npm config get cafile`), when one is configured. */
  npmCafile?: string;
  /** pip's index URL on the App's host, when one is configured. */
  pipIndexUrl?: string;
}

export function installEnv(registries: InstallRegistries, allowScripts: boolean): Record<string, string> {
  const env: Record<string, string> = {
    npm_config_userconfig: "/dev/null",
    // A path that does not exist reads as empty (npm refuses the same file as user and global config).
    npm_config_globalconfig: "/nonexistent/xihe-global-npmrc",
    npm_config_git: "git",
    npm_config_script_shell: "/bin/sh",
    // A project's `.npmrc` node-options would become NODE_OPTIONS (`--require ./x.cjs`) of the pnpm
    // that npm exec starts.
    npm_config_node_options: "",
    npm_config_strict_ssl: "true",
    npm_config_ignore_scripts: allowScripts ? "false" : "true",
    npm_config_offline: "false",
    npm_config_audit: "false",
    npm_config_fund: "false",
    YARN_ENABLE_SCRIPTS: allowScripts ? "1" : "0",
    // yarn 1 runs the script a project's `.yarnrc` names as `yarn-path` instead of itself, and berry
    // the release `.yarnrc.yml` names as `yarnPath`: the PR's code, run by the install whatever the
    // scripts switch says. This makes each run itself.
    YARN_IGNORE_PATH: "1",
    // berry reports usage to its own host, which the install proxy refuses: no call, no wait.
    YARN_ENABLE_TELEMETRY: "0",
    PIP_CONFIG_FILE: "/dev/null",
    PIP_DISABLE_PIP_VERSION_CHECK: "1",
    // pip's defaults (5 retries with back-off, 15 s per attempt, for every index page and file) turn
    // an unreachable index into minutes before the install fails; one retry still rides out a blip.
    PIP_RETRIES: "1",
    PIP_TIMEOUT: "10",
  };
  if (registries.npmRegistry) {
    env.npm_config_registry = registries.npmRegistry;
    env.YARN_NPM_REGISTRY_SERVER = registries.npmRegistry;
  }
  if (registries.npmCafile) {
    env.npm_config_cafile = registries.npmCafile;
    // berry reads no npm setting, and names its own CA setting differently per major (an unknown
    // one is an error); node's own variable reaches it, and any other node the install starts.
    env.NODE_EXTRA_CA_CERTS = registries.npmCafile;
  }
  if (registries.pipIndexUrl) env.PIP_INDEX_URL = registries.pipIndexUrl;
  return env;
}
