// Reading and rewriting a Python project's requirements (requirements.txt, PEP 621 pyproject.toml)
// on real files.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UsageError } from "../../../src/errors.ts";
import type { PlannedUpdate } from "../../../src/verbs/upgrade/plan-updates.ts";
import { readPythonProject } from "../../../src/verbs/upgrade/python-project.ts";
import { rewritePythonRequirements } from "../../../src/verbs/upgrade/rewrite-python-requirements.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

const scratches: Array<ReturnType<typeof makeScratchDir>> = [];
afterEach(() => scratches.splice(0).forEach((s) => s.remove()));

function project(files: Record<string, string>): string {
  const scratch = makeScratchDir("python-project");
  scratches.push(scratch);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(scratch.dir, path), text);
  return scratch.dir;
}

const requirements = [
  "# runtime",
  "-r base.txt",
  "--index-url https://example.invalid/simple/",
  "requests[socks]==2.28.0 ; python_version >= '3.8'  # http",
  "  Flask >= 2.0, < 3",
  "git+https://example.invalid/x.git#egg=x",
  "./vendored",
  "pytest",
  "",
].join("\n");
const pyproject = [
  "[build-system]",
  'requires = ["setuptools>=61"]',
  "",
  "[project]",
  'name = "app"',
  "dependencies = [",
  '  "attrs==23.1.0",',
  "  'tomli>=2.0; python_version < \"3.11\"',",
  "]",
  "[project.optional-dependencies]",
  'test = ["pytest==8.0.0"]',
  "",
].join("\n");

const update = (name: string, field: string, from: string, to: string): PlannedUpdate => ({
  name,
  field,
  from: "",
  to: "",
  kind: "minor",
  range: { from, to },
});

describe("readPythonProject", () => {
  it("reads requirement lines and PEP 621 dependencies, passing over options, includes, URLs and paths", () => {
    const root = project({ "requirements.txt": requirements, "pyproject.toml": pyproject });
    expect(readPythonProject(root).map((d) => `${d.field}: ${d.name} ${d.range}`)).toEqual([
      "requirements.txt: requests ==2.28.0",
      "requirements.txt: Flask >=2.0,<3",
      "requirements.txt: pytest ",
      "pyproject.toml: attrs ==23.1.0",
      "pyproject.toml: tomli >=2.0",
      "pyproject.toml: pytest ==8.0.0",
    ]);
  });

  it("names a pyproject.toml that is not TOML, and one whose dependencies are not a list of strings", () => {
    expect(() => readPythonProject(project({ "pyproject.toml": "[project\nname = 1\n" }))).toThrow(
      /^pyproject\.toml does not parse as TOML \(.+\); fix it$/,
    );
    expect(() =>
      readPythonProject(project({ "pyproject.toml": '[project]\ndependencies = "attrs"\n' })),
    ).toThrow(
      /^pyproject\.toml: project\.dependencies: .+; PEP 621 wants a list of requirement strings there$/,
    );
  });

  it("stops on a uv or poetry lockfile it cannot update", () => {
    const root = project({ "pyproject.toml": pyproject, "uv.lock": "version = 1\n" });
    expect(() => readPythonProject(root)).toThrow(UsageError);
    expect(() => readPythonProject(root)).toThrow(
      /^uv\.lock: updating uv and poetry lockfiles is not built yet/,
    );
  });
});

describe("rewritePythonRequirements", () => {
  it("changes only the specifiers, keeping extras, markers, comments, quoting and other lines", () => {
    const root = project({ "requirements.txt": requirements, "pyproject.toml": pyproject });
    rewritePythonRequirements(root, [
      update("requests", "requirements.txt", "==2.28.0", "==2.31.0"),
      update("flask", "requirements.txt", ">=2.0,<3", ">=2.3,<3"),
      update("attrs", "pyproject.toml", "==23.1.0", "==23.2.0"),
      update("tomli", "pyproject.toml", ">=2.0", ">=2.0.1"),
    ]);
    expect(readFileSync(join(root, "requirements.txt"), "utf8")).toBe(
      requirements
        .replace(
          "requests[socks]==2.28.0 ; python_version >= '3.8'",
          "requests[socks]==2.31.0 ; python_version >= '3.8'",
        )
        .replace("  Flask >= 2.0, < 3", "  Flask>=2.3,<3"),
    );
    expect(readFileSync(join(root, "pyproject.toml"), "utf8")).toBe(
      pyproject
        .replace('"attrs==23.1.0"', '"attrs==23.2.0"')
        .replace("'tomli>=2.0; python_version < \"3.11\"'", "'tomli>=2.0.1 ; python_version < \"3.11\"'"),
    );
  });

  it("refuses an update whose requirement is no longer in the file", () => {
    const root = project({ "requirements.txt": requirements });
    expect(() =>
      rewritePythonRequirements(root, [update("requests", "requirements.txt", "==2.27.0", "==2.31.0")]),
    ).toThrow("requirements.txt no longer has requests==2.27.0");
  });
});
