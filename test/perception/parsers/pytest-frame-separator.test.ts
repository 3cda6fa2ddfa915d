// pytest separates the frames of one failure with `_ _ _ … _`; at an odd terminal width (81, or
// Windows' 79) that line ends in `_` like a section title. Recorded by running the real pytest.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const dir = scratchDir("xihe-pytest-width-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pytestLog(columns: number): Promise<string> {
  writeFileSync(
    join(dir, "test_a.py"),
    "def check(x):\n    assert x == 2\n\n\ndef test_a():\n    check(1)\n",
  );
  const run = await execa("python3", ["-m", "pytest", "-p", "no:cacheprovider", "test_a.py"], {
    cwd: dir,
    reject: false,
    all: true,
    env: { NO_COLOR: "1", COLUMNS: String(columns) },
  });
  return run.all ?? "";
}

describe("pytest's frame separator at any terminal width", () => {
  it.each([80, 81])("at %i columns one failure, at the helper's assertion", async (columns) => {
    const log = await pytestLog(columns);
    expect(log).toMatch(/^_ _ _/m);
    const { failures } = await diagnose(log);
    expect(failures).toEqual([
      expect.objectContaining({ tool: "pytest", file: "test_a.py", line: 2, test: "test_a.py::test_a" }),
    ]);
  });
});
