import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkCommand, type CommandDecision } from "../../src/workspace/command-policy.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

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

  it("A47: attached short options and abbreviated long options cannot reach a forbidden option", () => {
    expect(reason("grep -eroot /etc/passwd")).toMatch(/path_outside_workspace/);
    expect(reason("grep --reg=root /etc/passwd")).toMatch(/path_outside_workspace/);
    expect(reason("grep --r=root src")).toMatch(/ambiguous.*--recursive/);
    expect(reason("grep -f/etc/passwd src")).toMatch(/`grep -f` is not allowed/);
    expect(reason("grep -rf/etc/passwd src")).toMatch(/`grep -f` is not allowed/);
    expect(reason("grep --fil=/etc/passwd src")).toMatch(/`--fil` means `--file`/);
    expect(reason("grep --exclude-fr=/etc/passwd x src")).toMatch(/--exclude-from/);
    expect(reason("grep -R root .")).toMatch(/`grep -R` is not allowed/);
    expect(reason("find -L / -name shadow")).toMatch(/may not follow symlinks/);
    expect(reason("find . -follow")).toMatch(/may not follow symlinks/);
    expect(reason("find . -fprint out")).toMatch(/`find -fprint` is not allowed/);
    expect(reason("wc --files0-from=/etc/passwd")).toMatch(/`wc --files0-from` is not allowed/);
    expect(reason("wc --files0=names")).toMatch(/--files0-from/);
    expect(reason("git diff --ext-dif")).toMatch(/`--ext-dif` means `--ext-diff`/);
    expect(reason("git log --outp=x")).toMatch(/`--outp` means `--output`/);
    expect(reason("git show --text")).toMatch(/--textconv/);
    expect(reason("git diff --no-ind a b")).toMatch(/--no-index/);
    expect(reason("tail --fol src/a.ts")).toMatch(/--follow/);
    expect(reason("rg --pre=sh x src")).toMatch(/--pre/);
    expect(reason("rg -Lx foo src")).toMatch(/`rg -L` is not allowed/);
  });

  it("A47: a configured command runs exactly, with only its runner's selection arguments added", () => {
    const vitest = (cmd: string): string =>
      ((d) => (d.allowed ? "allowed" : d.reason))(
        checkCommand(cmd, { root, configured: ["npx vitest run", "npm test", "make test"] }),
      );
    expect(vitest("npx vitest run --globalSetup=evil.js")).toMatch(
      /`--globalSetup=evil.js` is not allowed after the configured command `npx vitest run`.*-t <name>/,
    );
    expect(vitest("npx vitest run --config evil.config.ts")).toMatch(/not allowed/);
    expect(vitest("npx vitest run -t --globalSetup=evil.js")).toMatch(/needs a value/);
    expect(vitest("npx vitest run /etc/passwd")).toMatch(/path_outside_workspace/);
    expect(vitest("npm test --script-shell=/bin/evil")).toMatch(/go after `--`/);
    expect(vitest("npm test -- --globalSetup=evil.js")).toMatch(/not allowed/);
    expect(vitest("make test SHELL=/tmp/x")).toMatch(/runs exactly as configured/);
    expect(vitest("npx vitest run")).toBe("allowed");
    expect(vitest("npm test")).toBe("allowed");
    expect(vitest("npx vitest run src/a.test.ts -t 'rounds prices'")).toBe("allowed");
    expect(vitest("npx vitest run --testNamePattern=rounds")).toBe("allowed");
    expect(vitest("npm test -- src/a.test.ts -t rounds")).toBe("allowed");
  });

  it("A47: ordinary read-only uses still pass", () => {
    for (const cmd of [
      "grep -rn foo src",
      "grep -e foo -e bar -rn src",
      "grep '--exclude=*.js' -rn foo src",
      "grep -C2 --color=never foo src/a.ts",
      "rg -n -g '*.ts' foo src",
      "git diff HEAD~1 -- src",
      "git log -n 5 --oneline --stat",
      "git log -p -U3 --no-ext-diff",
      "git show --name-only HEAD",
      "find src -maxdepth 2 -type f -name '*.ts' -print",
      "head -n 20 src/a.ts",
      "tail -5 src/a.ts",
      "wc -l src/a.ts",
      "ls -la src",
    ])
      expect(reason(cmd), cmd).toBe("allowed");
  });
});
