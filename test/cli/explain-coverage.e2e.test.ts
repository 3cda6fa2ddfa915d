// `xihe explain --coverage CMD` through bin/ on a user's checkout with a lockfile and no node_modules:
// the install phase puts the real dependency in place, each test file that loads the changed file
// runs alone in the sandbox with coverage, and the tests that reach a symbol are the files that
// executed it, even where no call names it (a helper picked from a table at run time). The map is
// saved for the head commit: the next explain of that commit uses it without --coverage, and never
// shows in git status. Packages come from a local registry speaking npm's protocol.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  isolatedNpmEnv,
  packPackage,
  startFakeNpmRegistry,
  type FakeNpmRegistry,
} from "../workspace/support/fake-npm-registry.ts";

const xiheBin = fileURLToPath(new URL("../../bin/xihe.js", import.meta.url));
let registry: FakeNpmRegistry;
let scratch: ReturnType<typeof makeScratchDir>;

beforeAll(async () => {
  scratch = makeScratchDir("explain-coverage");
  const packs = join(scratch.dir, "packs");
  const helper = join(scratch.dir, "cents-format");
  mkdirSync(packs);
  mkdirSync(helper);
  writeFileSync(join(helper, "package.json"), JSON.stringify({ name: "cents-format", version: "1.0.0" }));
  writeFileSync(join(helper, "index.js"), 'module.exports = (v) => "$" + v.toFixed(2);\n');
  registry = await startFakeNpmRegistry([await packPackage(helper, packs)]);
}, 120_000);
afterAll(async () => {
  await registry.close();
  scratch.remove();
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
    cwd,
    encoding: "utf8",
  });

const pricing = (rounding: string) => `import format from "cents-format";

const rounders = { down: floorCents, nearest: roundCents };

export function applyDiscount(total, percent, mode = "nearest") {
  const off = (total * percent) / 100;
  return rounders[mode](total - off);
}

function roundCents(value) {
  const cents = value * 100;
  return ${rounding} / 100;
}

function floorCents(value) {
  return Math.floor(value * 100) / 100;
}

export function formatPrice(value) {
  return format(value);
}
`;

const files: Record<string, string> = {
  ".gitignore": "node_modules\n",
  "package.json": JSON.stringify({
    name: "shop",
    version: "1.0.0",
    type: "module",
    scripts: { test: "node --test" },
    dependencies: { "cents-format": "1.0.0" },
  }),
  "src/pricing.js": pricing("Math.round(cents)"),
  "test/discount.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { applyDiscount } from "../src/pricing.js";

test("takes fifteen percent off an odd total", () => {
  assert.equal(applyDiscount(3, 15), 2.55);
});
`,
  "test/format.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { formatPrice } from "../src/pricing.js";

test("shows two decimals", () => {
  assert.equal(formatPrice(3), "$3.00");
});
`,
};

interface ExplainJson {
  symbols: {
    qualifiedName: string;
    testsReaching: { path: string; evidence: string }[];
    risks: string[];
  }[];
  coverage: { status: string; testFiles: number; reason: string | null; cachePath: string | null };
}

function xihe(args: string[], cwd: string) {
  return execa(process.execPath, [xiheBin, ...args], {
    reject: false,
    cwd,
    env: {
      XIHE_STORE: join(scratch.dir, "xihe.db"),
      XIHE_WORK_DIR: join(scratch.dir, "work"),
      npm_config_registry: registry.url,
      npm_config_userconfig: join(scratch.dir, "no-user-npmrc"),
    },
  });
}

describe("xihe explain --coverage", () => {
  it("names the test files that executed a changed helper no call reaches, and reuses the map for the same commit", async () => {
    const origin = join(scratch.dir, "origin");
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(origin, path)), { recursive: true });
      writeFileSync(join(origin, path), text);
    }
    await execa("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: origin,
      env: isolatedNpmEnv(registry.url, scratch.dir),
    });
    git(origin, "init", "-q", "-b", "main");
    git(origin, "add", "-A");
    git(origin, "commit", "-qm", "init");
    writeFileSync(join(origin, "src/pricing.js"), pricing("Math.round(cents + 1e-9)"));
    git(origin, "commit", "-qam", "round half up");
    const dir = join(scratch.dir, "clone");
    git(scratch.dir, "clone", "-q", origin, dir);
    expect(existsSync(join(dir, "node_modules"))).toBe(false);

    const statically = await xihe(["explain", "--json"], dir);
    const plain = JSON.parse(statically.stdout) as ExplainJson;
    const helper = (j: ExplainJson) => j.symbols.find((s) => s.qualifiedName === "roundCents");
    expect(helper(plain)?.testsReaching).toEqual([]);
    expect(plain.coverage.status).toBe("none");

    const run = await xihe(["explain", "--json", "--coverage", "npm test"], dir);
    expect(run.exitCode, run.stderr).toBe(0);
    const covered = JSON.parse(run.stdout) as ExplainJson;
    expect(covered.coverage).toMatchObject({ status: "ran", testFiles: 2, reason: null });
    expect(helper(covered)?.testsReaching).toEqual([
      expect.objectContaining({ path: "test/discount.test.js", evidence: "coverage" }),
    ]);
    expect(helper(covered)?.risks.some((r) => r.startsWith("no test reaches it"))).toBe(false);
    expect(existsSync(covered.coverage.cachePath ?? "")).toBe(true);

    // The same commit again, without --coverage: the saved map answers; git status stays clean.
    const again = JSON.parse((await xihe(["explain", "--json"], dir)).stdout) as ExplainJson;
    expect(again.coverage.status).toBe("cached");
    expect(helper(again)?.testsReaching.map((t) => t.path)).toEqual(["test/discount.test.js"]);
    expect(git(dir, "status", "--porcelain")).toBe("");

    // Another base at the same head is another question: the saved map does not answer it.
    const otherBase = JSON.parse(
      (await xihe(["explain", "--json", "--base", "HEAD"], dir)).stdout,
    ) as ExplainJson;
    expect(otherBase.coverage.status).toBe("none");
  }, 240_000);

  it("refuses a command that cannot run a test file alone (mocha with a spec in its config) before spending the install", async () => {
    const dir = join(scratch.dir, "clone-mocha");
    git(scratch.dir, "clone", "-q", join(scratch.dir, "origin"), dir);
    // mocha runs a config's spec besides the files it is given
    writeFileSync(join(dir, ".mocharc.yml"), "spec: test/\n");
    const run = await xihe(["explain", "--json", "--coverage", "npx mocha"], dir);
    expect(run.exitCode, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as ExplainJson;
    expect(out.coverage).toMatchObject({ status: "fallback", cachePath: null });
    expect(out.coverage.reason).toMatch(/mocha's config \(\.mocharc\.yml\) names a spec/);
    // The install phase never ran: the lockfile's dependency was not put in place.
    expect(existsSync(join(dir, "node_modules"))).toBe(false);
  }, 120_000);

  it("falls back to the call graph, saving nothing, when no test file starts (a loader that is missing)", async () => {
    const dir = join(scratch.dir, "clone");
    const run = await xihe(
      ["explain", "--json", "--coverage", "node --test --import ./missing-loader.mjs"],
      dir,
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as ExplainJson;
    expect(out.coverage).toMatchObject({ status: "fallback", cachePath: null });
    expect(out.coverage.reason).toMatch(/no test file run executed any repository file/);
    expect(run.stderr).toMatch(/tests are found through calls/);
    // Without coverage the helper keeps the call graph's answer, said as such: it is picked from a
    // table at run time, so the walk does not claim that no test reaches it.
    const helper = out.symbols.find((s) => s.qualifiedName === "roundCents");
    expect(helper?.testsReaching).toEqual([]);
    expect(helper?.risks).toContain(
      "no test found statically (it is passed as a value and called where it is passed; run with --coverage to know)",
    );
  }, 120_000);

  it("refuses a budget that is not a positive number, as JSON with --json", async () => {
    const dir = join(scratch.dir, "clone");
    const run = await xihe(["explain", "--json", "--coverage", "npm test", "--coverage-budget", "zero"], dir);
    expect(run.exitCode).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { code: "usage_error", message: expect.stringMatching(/--coverage-budget must be a positive/) },
    });
  });
});
