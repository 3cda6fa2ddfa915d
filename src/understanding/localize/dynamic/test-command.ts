// The test command as dynamic runs use it: argv (resolve-test-argv), the runner it starts, the
// environment it sets without the variables the coverage folder owns, and the command's own relative
// PYTHONPATH entries for the tracer to keep. Shared by `xihe locate --run` and `xihe explain --coverage`.
// A runner xihe does not know is `runner: null`: no filter, no per-test hook, only the whole command.
import { resolveTestArgv } from "./resolve-test-argv.ts";
import { testRunnerKind, type TestRunnerKind } from "./test-runner-kind.ts";

export type TestCommand =
  | {
      ok: true;
      /** null: a runner xihe does not know (`brittle test.js`, `node test/run.js`, `python test_x.py`). */
      runner: TestRunnerKind | null;
      argv: string[];
      env: Record<string, string>;
      /** Relative PYTHONPATH entries inside the checkout (absolute ones and `..` are dropped). */
      pythonEntries: string[];
    }
  | { ok: false; reason: string };

export function testCommand(root: string, command: string): TestCommand {
  const resolved = resolveTestArgv(root, command);
  if (!resolved.ok) return resolved;
  const runner = testRunnerKind(resolved.argv);
  const { PYTHONPATH: pythonPath, NODE_V8_COVERAGE: _ours, ...env } = resolved.env;
  return { ok: true, runner, argv: resolved.argv, env, pythonEntries: relativeEntries(pythonPath) };
}

/** Why a command's tests cannot be selected one by one: xihe does not know its runner. */
export function unknownRunnerReason(argv: readonly string[]): string {
  return `cannot tell which test runner \`${argv.join(" ")}\` starts (known: jest, vitest, mocha, node --test, tap, ava, tape, uvu, @hapi/lab, pytest, python -m unittest)`;
}

// The command's own PYTHONPATH entries, kept by the tracer; only relative ones inside the checkout.
function relativeEntries(pythonPath: string | undefined): string[] {
  return (pythonPath ?? "")
    .split(":")
    .filter((p) => p !== "" && !p.startsWith("/") && !p.split("/").includes(".."));
}
