// .ci/node-runtime.sh: which Node.js ends up first on PATH for .ci/run and scripts/setup.sh. The
// cache folder is pre-filled with a stand-in binary so no test downloads anything; the real
// download runs in .ci/run on every machine whose node is older than the engines floor.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scratchDir } from "../support/scratch-dir.ts";

const script = resolve(import.meta.dirname, "../../.ci/node-runtime.sh");
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

// A stand-in node in `<prefix>/bin`, with its headers in `<prefix>/include/node` when `headers`.
function fakeNode(prefix: string, version: string, headers: boolean): void {
  const bin = join(prefix, "bin");
  mkdirSync(bin, { recursive: true });
  if (headers) {
    mkdirSync(join(prefix, "include", "node"), { recursive: true });
    writeFileSync(join(prefix, "include", "node", "node_version.h"), "");
  }
  // Answers `-v`, `-p` (asked for its install prefix) and the script's version check the way
  // that node version would.
  const [major, minor] = version.slice(1).split(".").map(Number);
  const ok = major! > 22 || (major === 22 && minor! >= 12) ? 0 : 1;
  writeFileSync(
    join(bin, "node"),
    `#!/bin/sh\nif [ "$1" = -v ]; then echo ${version}\n` +
      `elif [ "$1" = -p ]; then echo "${prefix}"\nelse exit ${ok}; fi\n`,
  );
  chmodSync(join(bin, "node"), 0o755);
}

function run(machineNode: string, extraEnv: Record<string, string> = {}, machineHeaders = false) {
  const root = scratchDir("xihe-node-runtime-");
  dirs.push(root);
  const machinePrefix = join(root, "machine");
  fakeNode(machinePrefix, machineNode, machineHeaders);
  const arch = process.arch === "arm64" ? "arm64" : "x64";
  const cached = join(root, "cache", "node_modules", `node-linux-${arch}`);
  fakeNode(cached, "v24.22.3", true);
  const out = execFileSync(
    "bash",
    ["-c", `set -euo pipefail; source "${script}"; command -v node; echo "nodedir=\${npm_config_nodedir:-}"`],
    {
      encoding: "utf8",
      env: {
        PATH: `${join(machinePrefix, "bin")}:/usr/bin:/bin`,
        HOME: root,
        XIHE_NODE_RUNTIME_DIR: join(root, "cache"),
        ...extraEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return { out, machine: join(machinePrefix, "bin", "node"), machinePrefix, cached };
}

describe(".ci/node-runtime.sh", () => {
  it("puts the pinned Node.js 24 from XIHE_NODE_RUNTIME_DIR first when the machine's node is 20", () => {
    const { out, cached } = run("v20.20.2");
    expect(out).toBe(`${join(cached, "bin", "node")}\nnodedir=${cached}\n`);
  });

  it("keeps the machine's node when it meets the engines floor (22.12), leaving nodedir alone without headers", () => {
    const { out, machine } = run("v22.12.0");
    expect(out).toBe(`${machine}\nnodedir=\n`);
  });

  // A machine's npmrc may name another Node.js's headers (nodedir=/usr with Debian's Node 20);
  // an addon built against those would not load under the node that runs.
  it("points nodedir at the machine's node's own headers when they sit next to it", () => {
    const { out, machine, machinePrefix } = run("v24.1.0", {}, true);
    expect(out).toBe(`${machine}\nnodedir=${machinePrefix}\n`);
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
