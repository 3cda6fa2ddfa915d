// A sandbox whose every command also stops when the run is stopped: the run's signal joins the
// command's own, and the runner kills the command's whole process group on abort (run-contained.ts).
// A command started after the run was stopped is killed as it starts.
import type { Sandbox } from "./sandbox.ts";

export function withRunSignal(sandbox: Sandbox, signal: AbortSignal | undefined): Sandbox {
  if (signal === undefined) return sandbox;
  return {
    kind: sandbox.kind,
    root: sandbox.root,
    run: (argv, options = {}) =>
      sandbox.run(argv, {
        ...options,
        signal: options.signal ? AbortSignal.any([options.signal, signal]) : signal,
      }),
  };
}
