// The argv that runs one install command behind the registry proxy: the sandbox's node runs the
// launcher (sandbox-proxy-launcher.mjs), which forwards 127.0.0.1 to the proxy's unix socket and starts
// the command with the proxy and the trusted registry settings in its environment.
import { readFileSync } from "node:fs";

const launcherSource = (): string =>
  readFileSync(new URL("./sandbox-proxy-launcher.mjs", import.meta.url), "utf8");

export function proxiedArgv(
  socketPath: string,
  env: Readonly<Record<string, string>>,
  argv: readonly string[],
): string[] {
  // The first "--" ends node's own options, so nothing after it is read as a node flag.
  return [
    "node",
    "--input-type=module",
    "-e",
    launcherSource(),
    "--",
    socketPath,
    JSON.stringify(env),
    "--",
    ...argv,
  ];
}
