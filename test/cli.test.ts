import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { main } from "../src/cli.ts";
import type { CliIo } from "../src/cli/cli-io.ts";

function fakeIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readStdin: async () => "",
    env: {},
    cwd: process.cwd(),
    isTTY: false,
  };
  return { io, out: () => out.join(""), err: () => err.join("") };
}

describe("xihe CLI", () => {
  it("lists the subcommands in --help and exits 0", async () => {
    const f = fakeIo();
    expect(await main(["--help"], f.io)).toBe(0);
    for (const sub of ["diagnose", "locate", "index", "fix", "sandbox"]) expect(f.out()).toContain(sub);
  });

  it("exits 2 with a clear message on an unknown flag", async () => {
    const f = fakeIo();
    expect(await main(["diagnose", "--log", "x.txt", "--no-such-flag"], f.io)).toBe(2);
    expect(f.err()).toMatch(/unknown option '--no-such-flag'/);
  });

  it("prints the package's version for --version and -V, and exits 0", async () => {
    const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    for (const flag of ["--version", "-V"]) {
      const f = fakeIo();
      expect(await main([flag], f.io)).toBe(0);
      expect(f.out()).toBe(`${version}\n`);
    }
  });

  it("exits 2 on an unknown subcommand", async () => {
    const f = fakeIo();
    expect(await main(["frobnicate"], f.io)).toBe(2);
    expect(f.err()).toMatch(/unknown command 'frobnicate'/);
  });

  it("runs as the installed bin: `xihe --help` from a fresh process", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["bin/xihe.js", "--help"], {
      encoding: "utf8",
    });
    expect(stdout).toContain("Usage: xihe");
    const bad = await promisify(execFile)(process.execPath, ["bin/xihe.js", "--bogus"]).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad).toMatchObject({ code: 2 });
    expect((bad as { stderr: string }).stderr).toContain("unknown option '--bogus'");
  });
});
