import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InstallRegistries } from "../../../src/workspace/install/install-env.ts";
import { writeInstallStamp } from "../../../src/workspace/install/install-stamp.ts";
import { registriesAhead } from "../../../src/workspace/install/registries-ahead.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

describe("registry discovery started ahead of the install phase", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  const asked: string[] = [];
  const discover = (manager: string): Promise<InstallRegistries> => {
    asked.push(manager);
    return Promise.resolve({ allowedUrls: [`https://${manager}.example.invalid/`] });
  };
  beforeEach(() => {
    scratch = makeScratchDir("ahead");
    asked.length = 0;
  });
  afterEach(() => scratch.remove());
  const write = (file: string, text: string): void => writeFileSync(join(scratch.dir, file), text);

  it("starts pip's discovery at once for a pip project that needs an install, and answers the phase with it", async () => {
    write("requirements.txt", "idna==3.7\n");
    const registries = registriesAhead(scratch.dir, { allowScripts: false }, discover);
    expect(asked).toEqual(["pip"]);
    expect(await registries("pip")).toEqual({ allowedUrls: ["https://pip.example.invalid/"] });
    expect(asked).toEqual(["pip"]);
    // Another manager (the phase decided otherwise) is discovered as before, when asked.
    await registries("npm");
    expect(asked).toEqual(["pip", "npm"]);
  });

  it("starts nothing when no install will ask: fresh pip installs, npm projects, configured commands", async () => {
    write("requirements.txt", "idna==3.7\n");
    mkdirSync(join(scratch.dir, ".venv"));
    writeInstallStamp(scratch.dir, "pip");
    registriesAhead(scratch.dir, { allowScripts: false }, discover);
    write("package.json", JSON.stringify({ name: "app", version: "1.0.0" }));
    registriesAhead(scratch.dir, { allowScripts: false, configured: ["pip install ."] }, discover);
    const npm = makeScratchDir("ahead-npm");
    try {
      writeFileSync(join(npm.dir, "package.json"), JSON.stringify({ name: "app", version: "1.0.0" }));
      const registries = registriesAhead(npm.dir, { allowScripts: false }, discover);
      expect(asked).toEqual([]);
      await registries("npm");
      expect(asked).toEqual(["npm"]);
    } finally {
      npm.remove();
    }
  });
});
