// `xihe sandbox` through bin/ with the real host environment: the interpreter on the host PATH (a
// pyenv shim here) is the one the sandbox runs, with the packages installed in it.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scratchDir } from "../support/scratch-dir.ts";
import { hostHasPytest } from "../support/host-python.ts";

describe("xihe sandbox sees the host's toolchains", () => {
  let dir: string;
  beforeEach(() => {
    dir = scratchDir("xihe-cli-toolchain-");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.skipIf(!hostHasPytest())(
    "runs python3 -m pytest --version with the host PATH's python3",
    async () => {
      const host = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], {
        encoding: "utf8",
        cwd: "/",
      });
      const result = await execa(
        process.execPath,
        [
          "bin/xihe.js",
          "sandbox",
          "--repo",
          dir,
          "--",
          "sh",
          "-c",
          "python3 -m pytest --version && python3 -c 'import sys; print(sys.executable)'",
        ],
        { reject: false },
      );
      expect(result.stderr).toMatch(/xihe sandbox \(bwrap\): exit 0/);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toMatch(/^pytest \d+\.\d+/m);
      expect(result.stdout).toContain(host.trim());
    },
    60_000,
  );
});
