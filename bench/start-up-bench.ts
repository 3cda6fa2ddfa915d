// npm run bench:start-up [-- --runs N --project DIR]: how long `xihe` takes before a subcommand does
// any work: the wall time of `xihe locate --help` and `xihe --version` (process start, TypeScript
// imports, argument parsing), median and fastest of N runs; and a static `xihe locate --timings` on a
// two-file Python repository made here, whose time is nearly all fixed cost: its `load modules` phase
// (what locate's action imports) and its total.
// Issue 12's time target counts this fixed cost against fast test suites. `--project DIR` times
// another checkout of xihe (e.g. main's) on the same machine state: interleaved, run for run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const args = process.argv.slice(2);
const option = (name: string): string | undefined =>
  args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
const runs = Number(option("--runs") ?? "15");
const projects = [
  resolve(import.meta.dirname, ".."),
  ...(option("--project") ? [resolve(option("--project")!)] : []),
];
const repo = tinyRepository();
const commands = [
  ["locate", "--help"],
  ["--version"],
  ["locate", "--repo", repo, "--log", join(repo, "failure.log"), "--timings"],
];

const times = new Map<string, number[]>();
try {
  for (let i = 0; i < runs; i++)
    for (const project of projects)
      for (const argv of commands) {
        const start = performance.now();
        const result = spawnSync(process.execPath, [resolve(project, "bin", "xihe.js"), ...argv], {
          encoding: "utf8",
        });
        const ms = performance.now() - start;
        if (result.status !== 0)
          throw new Error(`xihe ${argv.join(" ")} exited ${result.status} in ${project}: ${result.stderr}`);
        const command =
          argv[0] === "locate" && argv[1] === "--repo" ? "locate (static, tiny repo)" : argv.join(" ");
        record(`${project}\txihe ${command}`, ms);
        // A checkout from before `load modules` was a phase has none: only the total is compared then.
        const load = /^timings: load modules +([\d.]+) s$/m.exec(result.stderr)?.[1];
        if (load) record(`${project}\t  its load modules phase`, Number(load) * 1000);
      }
} finally {
  rmSync(repo, { recursive: true, force: true });
}

function record(key: string, ms: number): void {
  times.set(key, [...(times.get(key) ?? []), ms]);
}

/** A git repository with one module, its unittest test and the log of that test failing. */
function tinyRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), "xihe-start-up-"));
  writeFileSync(join(dir, "calc.py"), "def add(a, b):\n    return a - b\n");
  writeFileSync(
    join(dir, "test_calc.py"),
    "import unittest\nfrom calc import add\n\n\nclass AddTest(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n",
  );
  writeFileSync(
    join(dir, "failure.log"),
    [
      "F",
      "======================================================================",
      "FAIL: test_add (test_calc.AddTest.test_add)",
      "----------------------------------------------------------------------",
      "Traceback (most recent call last):",
      `  File "${join(dir, "test_calc.py")}", line 7, in test_add`,
      "    self.assertEqual(add(2, 3), 5)",
      "AssertionError: -1 != 5",
      "",
      "FAILED (failures=1)",
      "",
    ].join("\n"),
  );
  for (const git of [
    ["init", "-q"],
    ["add", "-A"],
  ])
    if (spawnSync("git", git, { cwd: dir }).status !== 0) throw new Error(`git ${git[0]} failed in ${dir}`);
  return dir;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
for (const [key, ms] of times) {
  const [project, command] = key.split("\t");
  console.log(
    `bench:start-up ${command} (${project === projects[0] ? "this checkout" : project}): median ${median(ms).toFixed(0)} ms, fastest ${Math.min(...ms).toFixed(0)} ms over ${ms.length} runs`,
  );
}
