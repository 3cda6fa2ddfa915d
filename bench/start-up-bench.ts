// npm run bench:start-up [-- --runs N --project DIR]: how long `xihe` takes before a subcommand does
// any work: the wall time of `xihe locate --help` and `xihe --version` (process start, TypeScript
// imports, argument parsing), median and fastest of N runs.
// Issue 12's time target counts this fixed cost against fast test suites. `--project DIR` times
// another checkout of xihe (e.g. main's) on the same machine state: interleaved, run for run.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

const args = process.argv.slice(2);
const option = (name: string): string | undefined =>
  args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
const runs = Number(option("--runs") ?? "15");
const projects = [
  resolve(import.meta.dirname, ".."),
  ...(option("--project") ? [resolve(option("--project")!)] : []),
];
const commands = [["locate", "--help"], ["--version"]];

const times = new Map<string, number[]>();
for (let i = 0; i < runs; i++)
  for (const project of projects)
    for (const argv of commands) {
      const start = performance.now();
      const result = spawnSync(process.execPath, [resolve(project, "bin", "xihe.js"), ...argv], {
        stdio: "ignore",
      });
      const ms = performance.now() - start;
      if (result.status !== 0)
        throw new Error(`xihe ${argv.join(" ")} exited ${result.status} in ${project}`);
      const key = `${project}\txihe ${argv.join(" ")}`;
      times.set(key, [...(times.get(key) ?? []), ms]);
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
