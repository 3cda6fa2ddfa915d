// Registry discovery started ahead of the install phase. For a pip-family project it is the slowest
// part of an install that ends early (python3 imports pip's configuration code: 0.5-1 s, then an
// offline index ends the phase), and it needs nothing the phase works out but the manager, which the
// checkout's files already tell. Started while the caller does its other start-up work (sandbox
// probes), the phase then gets the same answer it would have asked for. Only pip-family managers
// whose install is not fresh: their freshness is one stamp file, whereas an npm tree's reads every
// installed package.json (that check would then run twice), and a fresh install asks for nothing.
import { detectInstall } from "./detect-install.ts";
import type { InstallRegistries } from "./install-env.ts";
import { isInstallFresh } from "./install-freshness.ts";
import { isStampedManager } from "./install-stamp.ts";

export type DiscoverRegistries = (manager: string) => Promise<InstallRegistries>;

export function registriesAhead(
  root: string,
  options: { allowScripts: boolean; configured?: readonly string[] },
  discover: DiscoverRegistries,
): DiscoverRegistries {
  const configured = options.configured !== undefined && options.configured.length > 0;
  const manager = configured ? null : (detectInstall(root, options)?.manager ?? null);
  const early =
    manager !== null && isStampedManager(manager) && !isInstallFresh(root, manager)
      ? { manager, answer: discover(manager) }
      : null;
  // Not swallowed: the phase awaits this same promise and gets its error then. Until it asks, a
  // rejection must not count as unhandled and end the process.
  early?.answer.catch(() => undefined);
  return (asked) => (asked === early?.manager ? early.answer : discover(asked));
}
