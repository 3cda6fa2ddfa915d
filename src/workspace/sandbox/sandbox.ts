// Where code from a pull request runs. argv only: no shell string from the model or the PR ever
// reaches a shell. Implementations: bubblewrap (default), docker (production), local (--trust-local).
export type NetworkMode = "none" | "install";

export type LimitHit = "memory" | "pids" | "output" | "file_size" | "cpu" | null;

export interface SandboxRunOptions {
  /** Working directory inside the workspace (relative to the workspace root, or absolute inside it). */
  cwd?: string;
  /** Extra variables; filtered through the environment allow-list. */
  env?: Record<string, string>;
  timeoutMs?: number;
  network?: NetworkMode;
  memoryMb?: number;
  maxPids?: number;
  maxOutputBytes?: number;
  stdin?: string;
  signal?: AbortSignal;
  /** Streamed output chunks, already capped, for progress display and logs. */
  onOutput?: (chunk: string, stream: "stdout" | "stderr") => void;
}

export interface SandboxResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Output exceeded maxOutputBytes: head and tail kept with a marker in between. */
  truncated: boolean;
  durationMs: number;
  timedOut: boolean;
  limitHit: LimitHit;
}

export interface Sandbox {
  /** "bwrap" | "docker" | "local": shown in comments and traces. */
  readonly kind: string;
  /** The workspace root this sandbox may write to. */
  readonly root: string;
  run(argv: readonly string[], options?: SandboxRunOptions): Promise<SandboxResult>;
}
