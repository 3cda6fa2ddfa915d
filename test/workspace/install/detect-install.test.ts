import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { detectInstall } from "../../../src/workspace/install/detect-install.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

describe("detectInstall", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  beforeEach(() => (scratch = makeScratchDir("install")));
  afterEach(() => scratch.remove());
  const withFiles = (...files: string[]): string => {
    for (const f of files) writeFileSync(join(scratch.dir, f), "");
    return scratch.dir;
  };

  it("uses npm ci --ignore-scripts for an npm lockfile, and scripts only when allowed", () => {
    const root = withFiles("package.json", "package-lock.json");
    expect(detectInstall(root, { allowScripts: false })).toEqual({
      manager: "npm",
      steps: [["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"]],
    });
    expect(detectInstall(root, { allowScripts: true })?.steps).toEqual([
      ["npm", "ci", "--no-audit", "--no-fund"],
    ]);
  });

  it("tells pnpm, yarn classic and yarn berry apart by lockfile", () => {
    expect(detectInstall(withFiles("package.json", "pnpm-lock.yaml"), { allowScripts: false })?.manager).toBe(
      "pnpm",
    );
    scratch.remove();
    scratch = makeScratchDir("install");
    expect(detectInstall(withFiles("yarn.lock"), { allowScripts: false })?.steps[0]).toContain(
      "--ignore-scripts",
    );
    expect(detectInstall(withFiles(".yarnrc.yml"), { allowScripts: false })).toMatchObject({
      manager: "yarn-berry",
      env: { YARN_ENABLE_SCRIPTS: "0", YARN_NODE_LINKER: "node-modules" },
    });
  });

  it("runs yarn 1 from the npm registry at the version the project pins, and yarn 2+ lockfiles as berry", () => {
    const root = scratch.dir;
    writeFileSync(join(root, "yarn.lock"), "# yarn lockfile v1\n\n");
    writeFileSync(join(root, "package.json"), JSON.stringify({ packageManager: "yarn@1.22.22+sha512.abc" }));
    expect(detectInstall(root, { allowScripts: false })?.steps).toEqual([
      [
        "npm",
        "exec",
        "--yes",
        "--package=yarn@1.22.22",
        "--",
        "yarn",
        "install",
        "--frozen-lockfile",
        "--ignore-scripts",
      ],
    ]);
    // A pin outside yarn 1 is not what the `yarn` package holds: the latest yarn 1 reads a v1 lockfile.
    writeFileSync(join(root, "package.json"), JSON.stringify({ packageManager: "yarn@4.1.0" }));
    expect(detectInstall(root, { allowScripts: false })?.steps[0]?.[3]).toBe("--package=yarn@1");
    writeFileSync(join(root, "yarn.lock"), "__metadata:\n  version: 8\n  cacheKey: 10c0\n");
    expect(detectInstall(root, { allowScripts: false })?.manager).toBe("yarn-berry");
  });

  it("runs berry's own CLI package from the npm registry at the pinned version, else its lockfile's major", () => {
    const root = scratch.dir;
    writeFileSync(join(root, "yarn.lock"), "__metadata:\n  version: 6\n  cacheKey: 8\n");
    writeFileSync(join(root, "package.json"), JSON.stringify({ packageManager: "yarn@4.5.0+sha224.abc" }));
    expect(detectInstall(root, { allowScripts: false })?.steps).toEqual([
      ["npm", "exec", "--yes", "--package=@yarnpkg/cli-dist@4.5.0", "--", "yarn", "install", "--immutable"],
    ]);
    // No berry pin: the major that writes the lockfile, since a later one rewrites it and --immutable
    // refuses that; a lockfile version nobody knows gets the latest berry.
    const berryOf = (): string | undefined => detectInstall(root, { allowScripts: false })?.steps[0]?.[3];
    for (const packageManager of ["yarn@1.22.22", "pnpm@9.0.0", "yarn@4 --registry=http://evil"]) {
      writeFileSync(join(root, "package.json"), JSON.stringify({ packageManager }));
      expect(berryOf()).toBe("--package=@yarnpkg/cli-dist@3");
    }
    writeFileSync(join(root, "yarn.lock"), "# header\n\n__metadata:\n  version: 8\n  cacheKey: 10c0\n");
    expect(berryOf()).toBe("--package=@yarnpkg/cli-dist@4");
    writeFileSync(join(root, "yarn.lock"), "__metadata:\n  version: 99\n");
    expect(berryOf()).toBe("--package=@yarnpkg/cli-dist@latest");
  });

  it("runs pnpm from the npm registry at the version the project pins, else its lockfile's major", () => {
    const root = scratch.dir;
    writeFileSync(join(root, "pnpm-lock.yaml"), "lockfileVersion: '6.0'\n\nimporters:\n");
    writeFileSync(join(root, "package.json"), JSON.stringify({ packageManager: "pnpm@10.28.0+sha512.abc" }));
    expect(detectInstall(root, { allowScripts: false })?.steps).toEqual([
      [
        "npm",
        "exec",
        "--yes",
        "--package=pnpm@10.28.0",
        "--",
        "pnpm",
        "install",
        "--frozen-lockfile",
        "--ignore-scripts",
      ],
    ]);
    // Not a plain pnpm version (another manager, or words for npm): the lockfile decides.
    for (const packageManager of ["yarn@4.1.0", "pnpm@10.0.0 --registry=http://evil", "pnpm@latest"]) {
      writeFileSync(join(root, "package.json"), JSON.stringify({ packageManager }));
      expect(detectInstall(root, { allowScripts: true })?.steps[0]?.slice(0, 6)).toEqual([
        "npm",
        "exec",
        "--yes",
        "--package=pnpm@8",
        "--",
        "pnpm",
      ]);
    }
    writeFileSync(join(root, "pnpm-lock.yaml"), "lockfileVersion: '42.0'\n");
    expect(detectInstall(root, { allowScripts: true })?.steps[0]?.[3]).toBe("--package=pnpm@latest");
  });

  it("detects python, cargo, go and maven projects", () => {
    const cases: [string, string][] = [
      ["uv.lock", "uv"],
      ["poetry.lock", "poetry"],
      ["requirements.txt", "pip"],
      ["Cargo.toml", "cargo"],
      ["go.mod", "go"],
      ["pom.xml", "maven"],
    ];
    for (const [file, manager] of cases) {
      scratch.remove();
      scratch = makeScratchDir("install");
      expect(detectInstall(withFiles(file), { allowScripts: false })?.manager).toBe(manager);
    }
    scratch.remove();
    scratch = makeScratchDir("install");
    expect(detectInstall(withFiles("requirements.txt"), { allowScripts: false })?.steps.at(-1)).toContain(
      "--only-binary=:all:",
    );
  });

  it("makes the venv without pip, installing with the sandbox python3's pip runner, only when given one", () => {
    const root = withFiles("pyproject.toml");
    const install = ["install", "--disable-pip-version-check", "--only-binary=:all:", "-e", "."];
    expect(detectInstall(root, { allowScripts: false })?.steps).toEqual([
      ["python3", "-I", "-m", "venv", ".venv"],
      [".venv/bin/python", "-I", "-m", "pip", ...install],
    ]);
    const runner = "/usr/lib/python3/dist-packages/pip/__pip-runner__.py";
    expect(detectInstall(root, { allowScripts: false, pipRunner: runner })?.steps).toEqual([
      ["python3", "-I", "-m", "venv", "--without-pip", ".venv"],
      [".venv/bin/python", runner, ...install],
    ]);
    // Other managers are not touched by it.
    expect(detectInstall(withFiles("uv.lock"), { allowScripts: false, pipRunner: runner })?.steps).toEqual([
      ["uv", "sync", "--frozen"],
    ]);
  });

  it("returns null when there is nothing to install", () => {
    expect(detectInstall(scratch.dir, { allowScripts: false })).toBeNull();
  });
});
