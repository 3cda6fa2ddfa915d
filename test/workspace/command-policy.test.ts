import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkCommand, type CommandDecision } from "../../src/workspace/command-policy.ts";
import { makeScratchDir } from "./scratch-dir.ts";

describe("checkCommand", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  let root: string;
  const configured = ["npm test", "npx eslint ."];
  beforeEach(() => {
    scratch = makeScratchDir("policy");
    root = scratch.dir;
    mkdirSync(join(root, "src"));
    writeFileSync(join(root, "src", "a.ts"), "x");
  });
  afterEach(() => scratch.remove());
  const check = (cmd: string | string[]): CommandDecision => checkCommand(cmd, { root, configured });
  const reason = (cmd: string | string[]): string => {
    const d = check(cmd);
    return d.allowed ? "allowed" : d.reason;
  };

  it("allows configured commands with extra arguments, and read-only commands", () => {
    expect(check("npm test -- src/a.test.ts")).toEqual({
      allowed: true,
      argv: ["npm", "test", "--", "src/a.test.ts"],
      source: "configured",
    });
    expect(check("git diff HEAD~1 -- src/a.ts")).toMatchObject({ allowed: true, source: "read_only" });
    expect(check("grep -rn 'a|b' src")).toMatchObject({ allowed: true, argv: ["grep", "-rn", "a|b", "src"] });
    expect(check("find . -name '*.ts' -type f")).toMatchObject({ allowed: true });
    expect(check(["cat", "src/a.ts"])).toMatchObject({ allowed: true });
  });

  it("refuses unknown programs and says which commands are allowed", () => {
    expect(reason("curl https://evil.example")).toMatch(/`curl` is not an allowed command.*`npm test`/);
    expect(reason("npm install evil")).toMatch(/not an allowed command|allowed/);
    expect(check("npm install evil").allowed).toBe(false);
  });

  it("refuses shell syntax with a reason the model can act on", () => {
    expect(reason("npm test; rm -rf ~")).toMatch(/shell operator ";"/);
    expect(reason("cat src/a.ts | head")).toMatch(/shell operator "\|"/);
    expect(reason("cat $(curl x)")).toMatch(/substitution/);
    expect(reason("cat $HOME/.ssh/id_rsa")).toMatch(/\$HOME/);
    expect(reason("cat src/*.ts")).toMatch(/glob/);
    expect(reason("npm test\nrm -rf /")).toMatch(/line break/);
  });

  it("refuses find -exec/-delete, writing git options and followed tails", () => {
    expect(reason("find . -exec rm {} \\;")).toMatch(/-exec/);
    expect(reason("find . -delete")).toMatch(/-delete/);
    expect(reason("git diff --output=/tmp/x")).toMatch(/--output/);
    expect(reason("git -c core.pager=sh log")).toMatch(/subcommand first/);
    expect(reason("git push origin main")).toMatch(/git status\|diff\|log\|show/);
    expect(reason("rg --pre sh x")).toMatch(/--pre/);
    expect(reason("tail -f log.txt")).toMatch(/-f/);
  });

  it("A16 refuses read-only commands on paths outside the workspace", () => {
    symlinkSync("/etc", join(root, "out"));
    expect(reason("cat /etc/passwd")).toMatch(/path_outside_workspace/);
    expect(reason("cat out/passwd")).toMatch(/path_outside_workspace/);
    expect(reason("grep -r root ../")).toMatch(/path_outside_workspace/);
    expect(reason("find / -name shadow")).toMatch(/path_outside_workspace/);
  });

  it("A11 checks names like -rf after -- as paths, and keeps them literal", () => {
    writeFileSync(join(root, "-rf"), "x");
    expect(check("cat -- -rf")).toMatchObject({ allowed: true, argv: ["cat", "--", "-rf"] });
    expect(reason("cat -- /etc/passwd")).toMatch(/path_outside_workspace/);
  });

  it("A10 treats a hostile ref only as a literal argv item", () => {
    const hostile = "--upload-pack=touch /tmp/pwned";
    expect(check(["git", "log", hostile])).toMatchObject({ allowed: false });
    const d = check(`git log -- '$(curl x)'`);
    expect(d).toMatchObject({ allowed: true, argv: ["git", "log", "--", "$(curl x)"] });
  });
});
