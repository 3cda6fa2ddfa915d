import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

function commit(root: string, message: string) {
  const git = (...a: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...a], { cwd: root });
  git("add", "-A");
  git("commit", "-qm", message);
}

function io(root: string) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readStdin: async () => "",
    env: {},
    cwd: root,
    isTTY: false,
  };
  return { value, out: () => out.join(""), err: () => err.join("") };
}

describe("xihe explain", () => {
  it("explains the changed function with its callers and tests since the base commit", async () => {
    const root = scratchDir("xihe-explain-");
    dirs.push(root);
    execFileSync("git", ["init", "-q", "-b", "main"], { cwd: root });
    write(root, {
      "src/price.js": "export function total(items) {\n  return items.reduce((s, i) => s + i.price, 0);\n}\n",
      "src/cart.js":
        'import { total } from "./price.js";\n\nexport function checkout(items) {\n  return { due: total(items) };\n}\n',
      "test/price.test.js":
        'import { test } from "node:test";\nimport { total } from "../src/price.js";\n\ntest("sums", () => {\n  total([]);\n});\n',
    });
    commit(root, "base");
    write(root, {
      "src/price.js":
        "export function total(items, tax = 0) {\n  return items.reduce((s, i) => s + i.price, 0) * (1 + tax);\n}\n",
    });
    commit(root, "add tax");
    const f = io(root);
    expect(await main(["explain", "--json", "--no-llm"], f.value)).toBe(0);
    const result = JSON.parse(f.out()) as {
      symbols: {
        qualifiedName: string;
        change: string;
        file: string;
        signatureChanged: boolean;
        callers: { path: string }[];
        tests: { path: string }[];
      }[];
    };
    expect(result.symbols.map((s) => [s.qualifiedName, s.change, s.file, s.signatureChanged])).toEqual([
      ["total", "modified", "src/price.js", true],
    ]);
    expect(result.symbols[0]!.callers.map((c) => c.path)).toContain("src/cart.js");
    expect(result.symbols[0]!.tests.map((c) => c.path)).toContain("test/price.test.js");
  });

  it("exits 2 with a clear message for a base that is not a commit", async () => {
    const root = scratchDir("xihe-explain-");
    dirs.push(root);
    execFileSync("git", ["init", "-q", "-b", "main"], { cwd: root });
    write(root, { "a.js": "export const a = 1;\n" });
    commit(root, "one");
    const f = io(root);
    expect(await main(["explain", "--base", "nope"], f.value)).toBe(2);
    expect(f.err()).toContain("--base nope is not a commit");
  });
});

describe("xihe explain without --working-tree", () => {
  it("says an untracked new file is left out and how to include it", async () => {
    const root = scratchDir("xihe-explain-");
    dirs.push(root);
    execFileSync("git", ["init", "-q", "-b", "main"], { cwd: root });
    write(root, { "a.js": "export const a = 1;\n" });
    commit(root, "one");
    write(root, { "src/new.js": "export function fresh() {\n  return 1;\n}\n" });
    const text = io(root);
    expect(await main(["explain", "--no-llm", "--base", "HEAD"], text.value)).toBe(0);
    expect(text.out()).toContain("0 file(s) changed");
    expect(text.out()).toContain(
      "1 untracked file(s) are not included; pass --working-tree to include them.",
    );
    const json = io(root);
    expect(await main(["explain", "--no-llm", "--base", "HEAD", "--json"], json.value)).toBe(0);
    expect(JSON.parse(json.out())).toMatchObject({ files: [], uncommittedFiles: 0, untrackedFiles: 1 });
    const included = io(root);
    expect(await main(["explain", "--no-llm", "--base", "HEAD", "--working-tree"], included.value)).toBe(0);
    expect(included.out()).toContain("added    src/new.js:1 fresh");
    expect(included.out()).not.toContain("not included");
  });
});
