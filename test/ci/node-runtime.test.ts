// .ci/node-runtime.sh: which Node.js ends up first on PATH for .ci/run and scripts/setup.sh. The
// cache folder is pre-filled with a stand-in binary so no test downloads anything; the real
// download runs in .ci/run on every machine whose node is older than the engines floor.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = resolve(import.meta.dirname, "../../.ci/node-runtime.sh");
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function fakeNode(dir: string, version: string): void {
  mkdirSync(dir, { recursive: true });
  // Answers `-v` and the script's version check the way that node version would.
  const [major, minor] = version.slice(1).split(".").map(Number);
  const ok = major! > 22 || (major === 22 && minor! >= 12) ? 0 : 1;
  writeFileSync(
    join(dir, "node"),
    `#!/bin/sh\nif [ "$1" = -v ]; then echo ${version}; else exit ${ok}; fi\n`,
  );
  chmodSync(join(dir, "node"), 0o755);
}

function run(machineNode: string, extraEnv: Record<string, string> = {}) {
  const root = mkdtempSync(join(tmpdir(), "xihe-node-runtime-"));
  dirs.push(root);
  fakeNode(join(root, "machine"), machineNode);
  const arch = process.arch === "arm64" ? "arm64" : "x64";
  const cached = join(root, "cache", "node_modules", `node-linux-${arch}`);
  fakeNode(join(cached, "bin"), "v24.22.3");
  const out = execFileSync(
    "bash",
    ["-c", `set -euo pipefail; source "${script}"; command -v node; echo "nodedir=\${npm_config_nodedir:-}"`],
    {
      encoding: "utf8",
      env: {
        PATH: `${join(root, "machine")}:/usr/bin:/bin`,
        HOME: root,
        XIHE_NODE_RUNTIME_DIR: join(root, "cache"),
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return { out, machine: join(root, "machine", "node"), cached };
}

describe(".ci/node-runtime.sh", () => {
  it("puts the pinned Node.js 24 from XIHE_NODE_RUNTIME_DIR first when the machine's node is 20", () => {
    const { out, cached } = run("v20.20.2");
    expect(out).toBe(`${join(cached, "bin", "node")}\nnodedir=${cached}\n`);
  });

  it("keeps the machine's node when it meets the engines floor (22.12)", () => {
    const { out, machine } = run("v22.12.0");
    expect(out).toBe(`${machine}\nnodedir=\n`);
  });

  it("refuses 22.11 (below the floor) and takes the pinned one", () => {
    const { out, cached } = run("v22.11.0");
    expect(out.split("\n")[0]).toBe(join(cached, "bin", "node"));
  });

  it("XIHE_NODE_RUNTIME=24 takes the pinned Node.js even when the machine's is new enough", () => {
    const { out, cached } = run("v24.1.0", { XIHE_NODE_RUNTIME: "24" });
    expect(out.split("\n")[0]).toBe(join(cached, "bin", "node"));
  });
});
