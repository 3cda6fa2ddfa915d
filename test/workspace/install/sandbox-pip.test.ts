import { describe, expect, it } from "vitest";
import { pipRunnerFromProbe, pipSupportsPythonOption } from "../../../src/workspace/install/sandbox-pip.ts";

describe("the sandbox pip probe's answer", () => {
  it("pip's --python (and its runner file) exist from 22.3 on; anything that is not a version is no", () => {
    for (const v of ["22.3", "22.3.1", "23.0.1", "24.0", "25.1.dev0", "100.0"])
      expect(pipSupportsPythonOption(v), v).toBe(true);
    for (const v of ["22.2.2", "21.3", "9.0.1", "", "pip", "23", "Traceback (most recent call last):"])
      expect(pipSupportsPythonOption(v), v).toBe(false);
  });

  it("takes the runner only from two well-formed lines: a new enough version and pip's own runner file", () => {
    const runner = "/usr/lib/python3/dist-packages/pip/__pip-runner__.py";
    expect(pipRunnerFromProbe(`23.0.1\n${runner}\n`)).toBe(runner);
    expect(pipRunnerFromProbe(`22.2\n${runner}\n`)).toBeNull();
    expect(pipRunnerFromProbe("23.0.1\n\n")).toBeNull(); // no runner file next to pip
    expect(pipRunnerFromProbe("23.0.1\nrelative/pip/__pip-runner__.py\n")).toBeNull();
    expect(pipRunnerFromProbe(`23.0.1\n/elsewhere/runner.py\n`)).toBeNull();
    expect(pipRunnerFromProbe(`noise\n23.0.1\n${runner}\n`)).toBeNull();
  });
});
