// The commands a fix run on this checkout would run, in order, without running any: the install
// phase's (configured, else from the lockfile), then the commands it must make pass (fix-in-workspace's
// choice: config first, else detected from the manifests; a build only when configured).
import type { RepoConfig } from "../../config.ts";
import type { Plan } from "../../api/project-schemas.ts";
import { detectCommands } from "../../workspace/detect-commands.ts";
import { detectInstall } from "../../workspace/install/detect-install.ts";

type PlannedCommand = Plan["reproduction"]["commands"][number];

export function plannedCommands(root: string, config: RepoConfig): PlannedCommand[] {
  const detected = detectCommands(root);
  const install = installCommands(root, config);
  const checks = (kind: "test" | "lint" | "build"): PlannedCommand[] => {
    const configured = config.commands[kind];
    // A detected build may be slow or need what the sandbox lacks: allowed, never required.
    const lines = configured ?? (kind === "build" ? [] : (detected[kind] ?? []));
    return lines.map((command) => ({
      command,
      kind,
      source: configured ? "config" : "detected",
      network: "none",
      mustPass: true,
    }));
  };
  return [...install, ...checks("test"), ...checks("lint"), ...checks("build")];
}

/** The install phase's command lines: `commands.install`, else the lockfile's package manager. */
export function installCommands(root: string, config: RepoConfig): PlannedCommand[] {
  const configured = config.commands.install;
  const lines =
    configured && configured.length > 0
      ? configured
      : (detectInstall(root, { allowScripts: config.sandbox.allow_install_scripts })?.steps.map((argv) =>
          argv.join(" "),
        ) ?? []);
  return lines.map((command) => ({
    command,
    kind: "install",
    source: configured && configured.length > 0 ? "config" : "detected",
    network: "install",
    mustPass: true,
  }));
}
