import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { declaredDependencies } from "../../../src/verbs/fix/declared-dependencies.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const dir = scratchDir("xihe-deps-");
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

describe("declaredDependencies", () => {
  it("reads package.json's dependency maps and requirements files (pip-normalised names)", () => {
    const dir = repo({
      "package.json": JSON.stringify({ dependencies: { "@scope/a": "1" }, devDependencies: { vitest: "2" } }),
      "requirements.txt": "Flask-Login>=0.6 # auth\n# comment\n-r requirements-dev.txt\n",
      "requirements-dev.txt": "pytest==8.0\n",
    });
    expect(declaredDependencies(dir).sort()).toEqual(["@scope/a", "flask_login", "pytest", "vitest"]);
  });

  it("declares nothing for a repository without manifests or with an unreadable package.json", () => {
    expect(declaredDependencies(repo({}))).toEqual([]);
    expect(declaredDependencies(repo({ "package.json": "{ not json" }))).toEqual([]);
  });
});
