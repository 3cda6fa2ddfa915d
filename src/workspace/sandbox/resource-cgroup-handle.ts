// What a per-run cgroup gives the runner, whichever hierarchy (v1 or v2) backs it.
export interface ResourceCgroup {
  /** cgroup.procs files the child writes its pid into before exec. */
  readonly procsFiles: readonly string[];
  /** "memory" or "pids" when the kernel enforced a limit during the run. */
  limitHit(): "memory" | "pids" | null;
  /** SIGKILLs every process still in the group (also ones that escaped the process group). */
  killAll(): void;
  /** Removes the group, waiting briefly for killed members to finish exiting. */
  remove(): Promise<void>;
}
