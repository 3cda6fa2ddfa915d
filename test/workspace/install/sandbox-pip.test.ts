import { describe, expect, it } from "vitest";
import { pipSupportsPythonOption } from "../../../src/workspace/install/sandbox-pip.ts";

describe("pipSupportsPythonOption", () => {
  it("is true from pip 22.3 on, false before and for anything that is not a version", () => {
    for (const v of ["22.3", "22.3.1", "23.0.1", "24.0", "25.1.dev0", "100.0"])
      expect(pipSupportsPythonOption(v), v).toBe(true);
    for (const v of ["22.2.2", "21.3", "9.0.1", "", "pip", "23", "Traceback (most recent call last):"])
      expect(pipSupportsPythonOption(v), v).toBe(false);
  });
});
