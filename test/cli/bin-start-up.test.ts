// bin/xihe.js runs the TypeScript sources with Node's own type stripping where Node has it: a copy of
// the project whose node_modules lacks tsx still starts. (tsx stays the fallback for older Nodes.)
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../support/scratch-dir.ts";

const project = resolve(import.meta.dirname, "..", "..");

describe.skipIf(!(process.features as { typescript?: unknown }).typescript)(
  "bin/xihe.js on a Node that strips types",
  () => {
    let copy: string;
    beforeAll(() => {
      copy = scratchDir("xihe-no-tsx-");
      for (const part of ["bin", "src", "package.json"])
        cpSync(join(project, part), join(copy, part), { recursive: true });
      mkdirSync(join(copy, "node_modules"));
      for (const name of readdirSync(join(project, "node_modules")))
        if (name !== "tsx" && name !== ".bin")
          symlinkSync(join(project, "node_modules", name), join(copy, "node_modules", name));
    });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    const xihe = (args: string[]) =>
      execa(process.execPath, [join(copy, "bin", "xihe.js"), ...args], { reject: false });

    it("starts every command without tsx (--help loads them all)", async () => {
      const help = await xihe(["--help"]);
      expect(help.stderr).toBe("");
      expect(help.exitCode).toBe(0);
      expect(help.stdout).toMatch(/locate/);
    }, 60_000);

    it("runs a command that loads the error classes and exits 2 with its usage message", async () => {
      const bad = await xihe(["locate", "--log", join(copy, "no-such.log")]);
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(/log file not found/);
    }, 60_000);

    // The modules `xihe locate` loads before it parses its flags: only the flags' declaration. What
    // runs them (perception, the index, the ranking, and their zod, yaml and execa), the model client
    // (the openai SDK) and the sandbox and install code of --run wait for the action (issue 12's start-up).
    it("answers locate --help without loading what runs locate", async () => {
      const record = [
        'import { registerHooks } from "node:module";',
        'import { writeSync } from "node:fs";',
        "registerHooks({ load(url, context, next) { writeSync(2, `loaded ${url}\\n`); return next(url, context); } });",
      ].join("\n");
      const run = await execa(
        process.execPath,
        [
          "--import",
          `data:text/javascript,${encodeURIComponent(record)}`,
          join(copy, "bin", "xihe.js"),
          "locate",
          "--help",
        ],
        { reject: false },
      );
      const lines = run.stderr.split("\n");
      const loaded = lines.filter((l) => l.startsWith("loaded "));
      expect(run.exitCode, lines.filter((l) => !l.startsWith("loaded ")).join("\n")).toBe(0);
      expect(loaded.some((l) => l.includes("/src/cli/locate-command.ts"))).toBe(true);
      expect(loaded.filter((l) => /node_modules\/openai\/|\/src\/agent\/model\//.test(l))).toEqual([]);
      expect(
        loaded.filter((l) => /\/src\/(workspace\/(sandbox|install)|cli\/locate-dynamic)/.test(l)),
      ).toEqual([]);
      expect(
        loaded.filter((l) =>
          /node_modules\/(zod|yaml|execa)\/|\/src\/(perception|understanding|cli\/locate-action)/.test(l),
        ),
      ).toEqual([]);
    }, 60_000);
  },
);
