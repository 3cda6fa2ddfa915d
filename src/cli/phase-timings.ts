// `--timings`: where a command's time went, phase by phase, so a slow run can say why it is slow.
// Phases are timed on the caller's clock; `start-up` is what the process spent before the command
// began (Node, the CLI and its flags), measured from the process's time origin; loading the modules
// the command runs is a phase of its own (`load modules`), as is each set a flag loads on demand.

export interface PhaseTiming {
  phase: string;
  ms: number;
}

export interface PhaseTimings {
  /** Runs `work` and records how long it took under `phase`. */
  time<T>(phase: string, work: () => Promise<T>): Promise<T>;
  timeSync<T>(phase: string, work: () => T): T;
  /** Records a duration measured elsewhere (a sandboxed run's own clock). */
  add(phase: string, ms: number): void;
  entries(): readonly PhaseTiming[];
}

export function createPhaseTimings(now: () => number = () => performance.now()): PhaseTimings {
  const entries: PhaseTiming[] = [];
  return {
    async time(phase, work) {
      const started = now();
      try {
        return await work();
      } finally {
        entries.push({ phase, ms: now() - started });
      }
    },
    timeSync(phase, work) {
      const started = now();
      try {
        return work();
      } finally {
        entries.push({ phase, ms: now() - started });
      }
    },
    add(phase, ms) {
      entries.push({ phase, ms });
    },
    entries: () => entries,
  };
}

/** One line per phase, aligned, for stderr: `timings: index  0.41 s`. */
export function renderTimings(entries: readonly PhaseTiming[]): string {
  const width = Math.max(0, ...entries.map((e) => e.phase.length));
  return entries.map((e) => `timings: ${e.phase.padEnd(width)} ${(e.ms / 1000).toFixed(2)} s\n`).join("");
}
