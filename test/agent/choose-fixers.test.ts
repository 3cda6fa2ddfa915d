import { describe, expect, it } from "vitest";
import { chooseFixers } from "../../src/agent/choose-fixers.ts";
import type { CheckRun, FailureBrief } from "../../src/agent/loop/check-run.ts";

const failed = (command: string, failures: FailureBrief[] = []): CheckRun => ({
  command,
  exitCode: 1,
  timedOut: false,
  durationMs: 10,
  tail: "",
  failures,
  verdict: "code",
  evidence: "",
});

const argvOf = (command: string) =>
  chooseFixers({ failing: [failed(command)], exists: () => false }).map((f) => f.argv.join(" "));

describe("chooseFixers", () => {
  it("rewrites check commands into their fixing form", () => {
    expect(argvOf("npx eslint src test")).toEqual(["npx eslint --fix src test"]);
    expect(argvOf("prettier --check .")).toEqual(["prettier --write ."]);
    expect(argvOf("ruff check src")).toEqual(["ruff check src --fix"]);
    expect(argvOf("ruff format --check .")).toEqual(["ruff format ."]);
    expect(argvOf("black --check --diff .")).toEqual(["black ."]);
    expect(argvOf("isort --check-only src")).toEqual(["isort src"]);
    expect(argvOf("gofmt -l .")).toEqual(["gofmt -w ."]);
    expect(argvOf("cargo fmt --check")).toEqual(["cargo fmt"]);
  });

  it("chooses nothing for a test command", () => {
    expect(argvOf("npm test")).toEqual([]);
    expect(argvOf("node --test test/")).toEqual([]);
  });

  it("uses perception's eslint files when the command is a package script and eslint is installed", () => {
    const failures: FailureBrief[] = [
      {
        tool: "eslint",
        kind: "lint",
        file: "src/a.js",
        line: 1,
        test: null,
        message: "'x' is never reassigned",
      },
      { tool: "eslint", kind: "lint", file: "src/a.js", line: 4, test: null, message: "..." },
    ];
    const fixers = chooseFixers({
      failing: [failed("npm run lint", failures)],
      exists: (p) => p === "node_modules/.bin/eslint",
    });
    expect(fixers.map((f) => f.argv)).toEqual([["node_modules/.bin/eslint", "--fix", "--", "src/a.js"]]);
  });

  it("A42: chooses no lockfile resync (nothing with network) when npm says the lockfile is out of sync", () => {
    const failures: FailureBrief[] = [
      {
        tool: "npm",
        kind: "install",
        file: null,
        line: null,
        test: null,
        message:
          "`npm ci` can only install packages when your package.json and package-lock.json are in sync",
      },
    ];
    const fixers = chooseFixers({
      failing: [failed("npm ci", failures)],
      exists: (p) => p === "package-lock.json",
    });
    expect(fixers).toEqual([]);
  });
});
