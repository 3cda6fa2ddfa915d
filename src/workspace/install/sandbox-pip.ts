// The pip of the sandbox's own `python3`, when it can run under another interpreter: pip 22.3 and
// later ship `__pip-runner__.py`, the file `pip --python PY` and pip's build isolation run with
// another interpreter (`PY …/pip/__pip-runner__.py ARGS`) to install into that interpreter's
// environment. Then a project's venv is made `--without-pip` and the venv's python runs this pip:
// `python3 -m venv` with ensurepip installs pip into every fresh venv first, most of the venv step's
// time (seconds) for a pip that is used once. Running the runner directly is what `pip --python`
// does in its child process, without the parent pip process (its start-up, most of a second on a
// loaded machine). Asked in the sandbox, not on the host: the interpreter that matters is the one
// the install steps find on the sandbox's PATH (toolchains, or a container image's own python3).
// Asked once per process for each sandbox runner and workspace; a probe that fails or prints
// anything unexpected keeps the venv with its own pip.
import type { Sandbox } from "../sandbox/sandbox.ts";

// `import pip` loads only pip/__init__.py (its version), not pip's internals. -I: the interpreter's
// own pip, never a `pip` package at the checkout's root.
const probeScript = [
  "import os, pip",
  "r = os.path.join(os.path.dirname(os.path.realpath(pip.__file__)), '__pip-runner__.py')",
  "print(pip.__version__)",
  "print(r if os.path.isfile(r) else '')",
].join("\n");
const maxRemembered = 64;
const remembered = new Map<string, Promise<string | null>>();

/** The absolute path of the sandbox python3's `__pip-runner__.py`; null: use the venv's own pip. */
export function sandboxPipRunner(sandbox: Sandbox): Promise<string | null> {
  const key = `${sandbox.kind}\0${sandbox.root}`;
  let answer = remembered.get(key);
  if (answer === undefined) {
    answer = probe(sandbox);
    if (remembered.size >= maxRemembered) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, answer);
  }
  return answer;
}

async function probe(sandbox: Sandbox): Promise<string | null> {
  try {
    const result = await sandbox.run(["python3", "-I", "-c", probeScript], {
      network: "none",
      timeoutMs: 30_000,
    });
    return result.exitCode === 0 ? pipRunnerFromProbe(result.stdout) : null;
  } catch {
    return null; // no answer: the steps that need nothing from the sandbox's pip
  }
}

/** The probe's two lines (pip's version, the runner's path or nothing) -> the runner, if usable. */
export function pipRunnerFromProbe(stdout: string): string | null {
  const lines = stdout.split("\n");
  if (lines.length !== 3 || lines[2] !== "") return null;
  const [version = "", runner = ""] = lines;
  if (!pipSupportsPythonOption(version)) return null;
  return runner.startsWith("/") && runner.endsWith("/pip/__pip-runner__.py") ? runner : null;
}

/** pip's `--python` option and its runner file arrived in 22.3. */
export function pipSupportsPythonOption(version: string): boolean {
  const match = /^(\d+)\.(\d+)(?:[.\w+-]*)$/.exec(version);
  if (match === null) return false;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  return major > 22 || (major === 22 && minor >= 3);
}
