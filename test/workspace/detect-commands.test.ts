import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { detectCommands } from "../../src/workspace/detect-commands.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

describe("detectCommands", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  beforeEach(() => (scratch = makeScratchDir("commands")));
  afterEach(() => scratch.remove());
  const write = (file: string, text: string): void => writeFileSync(join(scratch.dir, file), text);

  it("uses package.json scripts with the lockfile's runner, skipping npm's placeholder test", () => {
    write(
      "package.json",
      JSON.stringify({ scripts: { test: "vitest run", lint: "eslint .", build: "tsc" } }),
    );
    expect(detectCommands(scratch.dir)).toEqual({
      test: ["npm test"],
      lint: ["npm run lint"],
      build: ["npm run build"],
    });
    write("pnpm-lock.yaml", "");
    expect(detectCommands(scratch.dir).lint).toEqual(["pnpm run lint"]);
    write("package.json", JSON.stringify({ scripts: { test: 'echo "Error: no test specified" && exit 1' } }));
    expect(detectCommands(scratch.dir).test).toBeUndefined();
  });

  it("reads pytest and ruff from pyproject.toml", () => {
    write(
      "pyproject.toml",
      '[project]\nname = "x"\n[tool.pytest.ini_options]\n[tool.ruff]\nline-length = 100\n',
    );
    expect(detectCommands(scratch.dir)).toEqual({
      test: ["python3 -m pytest"],
      lint: ["python3 -m ruff check ."],
      format: ["python3 -m ruff format --check ."],
    });
  });

  it("falls back to Makefile targets, after package.json", () => {
    write(
      "Makefile",
      "VAR := 1\ntest: build\n\tgo test ./...\nlint:\n\tgolangci-lint run\nbuild:\n\tgo build\n",
    );
    expect(detectCommands(scratch.dir)).toEqual({
      test: ["make test"],
      lint: ["make lint"],
      build: ["make build"],
    });
    write("package.json", JSON.stringify({ scripts: { test: "jest" } }));
    expect(detectCommands(scratch.dir)).toMatchObject({ test: ["npm test"], lint: ["make lint"] });
  });

  it("ignores an unparsable package.json", () => {
    write("package.json", "{not json");
    expect(detectCommands(scratch.dir)).toEqual({});
  });
});
