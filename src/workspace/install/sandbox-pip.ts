// Whether the sandbox's own `python3` has a pip that can install into another interpreter
// (`pip --python`, pip 22.3 and later). Then a project's venv is made `--without-pip` and that pip
// installs into it: `python3 -m venv` with ensurepip installs pip into every fresh venv first, most
// of the venv step's time (seconds) for a pip that is used once. Asked in the sandbox, not on the
// host: the interpreter that matters is the one the install steps will find on the sandbox's PATH
// (toolchains, or a container image's own python3). Asked once per process for each sandbox runner
// and workspace; a probe that fails or prints anything unexpected keeps today's venv-with-pip steps.
import type { Sandbox } from "../sandbox/sandbox.ts";

// `import pip` loads only pip/__init__.py (its version), not pip's internals. -I: the interpreter's
// own pip, never a `pip` package at the checkout's root (the install step runs with -I too).
const probeArgv = ["python3", "-I", "-c", "import pip; print(pip.__version__)"];
const maxRemembered = 64;
const remembered = new Map<string, Promise<boolean>>();

export function sandboxPipTargetsOtherPython(sandbox: Sandbox): Promise<boolean> {
  const key = `${sandbox.kind}\0${sandbox.root}`;
  let answer = remembered.get(key);
  if (answer === undefined) {
    answer = probe(sandbox);
    if (remembered.size >= maxRemembered) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, answer);
  }
  return answer;
}

async function probe(sandbox: Sandbox): Promise<boolean> {
  try {
    const result = await sandbox.run(probeArgv, { network: "none", timeoutMs: 30_000 });
    return result.exitCode === 0 && pipSupportsPythonOption(result.stdout.trim());
  } catch {
    return false; // no answer: the steps that need nothing from the sandbox's pip
  }
}

/** pip's `--python` option arrived in 22.3. */
export function pipSupportsPythonOption(version: string): boolean {
  const match = /^(\d+)\.(\d+)(?:[.\w+-]*)$/.exec(version);
  if (match === null) return false;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  return major > 22 || (major === 22 && minor >= 3);
}
