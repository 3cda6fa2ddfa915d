// npm run bench:perception — recall/precision per tool on the development corpus and our own fixtures
// (the JS runners, the crash fixtures, then every fixture with an expected.json),
// parse throughput on a large log made by concatenating corpus logs, and peak memory for a 500 MB log
// streamed from a file in os.tmpdir(). Prints numbers; asserts nothing.
// The development corpus is ../shared/corpus/perception beside the project, or XIHE_PERCEPTION_CORPUS
// (a checkout in another folder, e.g. a git worktree).
// Options: --mb N (size of the large log, default 500), --chunk-kb N (read size, default 64 as the
// CLI reads), --skip-large.
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { diagnose } from "../src/perception/diagnose.ts";
import { expectedCase, scoreCase, sumScores, type CaseScore } from "../test/perception/score-extraction.ts";
import { jsFixtureCases, perceptionFixtures } from "../test/perception/js-fixture-cases.ts";
import { crashFixtureCases } from "../test/perception/crash-fixture-cases.ts";
import { testRunnerKind } from "../src/understanding/localize/dynamic/test-runner-kind.ts";
import { parseCommandLine } from "../src/workspace/parse-command-line.ts";

const corpus = resolve(
  process.env["XIHE_PERCEPTION_CORPUS"] ?? resolve(import.meta.dirname, "../../shared/corpus/perception"),
);
const args = process.argv.slice(2);
const largeMb = Number(args[args.indexOf("--mb") + 1] ?? "") || 500;
const chunkKb = Number(args[args.indexOf("--chunk-kb") + 1] ?? "") || 64;

async function scoreSet(label: string, dir: string, ids: readonly string[]): Promise<void> {
  const byTool = new Map<string, CaseScore[]>();
  for (const id of ids) {
    const expected = expectedCase.parse(JSON.parse(readFileSync(join(dir, id, "expected.json"), "utf8")));
    const result = await diagnose(createReadStream(join(dir, id, "log.txt")));
    const score = scoreCase(expected, result.failures);
    byTool.set(expected.tool, [...(byTool.get(expected.tool) ?? []), score]);
  }
  console.log(`\n${label} (${ids.length} cases)`);
  console.log(
    "tool           cases  expected  recall  precision  test_recall  msg_recall  tool_acc  kind_acc",
  );
  const all: CaseScore[] = [];
  for (const [tool, scores] of [...byTool].sort()) {
    all.push(...scores);
    printRow(tool, scores);
  }
  printRow("ALL", all);
}

function printRow(name: string, scores: CaseScore[]): void {
  const t = sumScores(scores);
  const expected = scores.reduce((n, s) => n + s.expected, 0);
  const f = (x: number) => x.toFixed(3).padStart(9);
  console.log(
    `${name.padEnd(14)} ${String(t.cases).padStart(5)} ${String(expected).padStart(9)} ${f(t.recall)} ${f(t.precision)} ${f(t.testRecall)}  ${f(t.messageRecall)} ${f(t.toolAccuracy)} ${f(t.kindAccuracy)}`,
  );
}

// Streams corpus logs into one file until it reaches `mb` megabytes; the bench never holds it.
async function writeLargeLog(path: string, mb: number, logs: readonly Buffer[]): Promise<number> {
  const out = createWriteStream(path);
  const block = Buffer.concat(logs);
  let written = 0;
  while (written < mb * 1024 * 1024) {
    if (!out.write(block)) await once(out, "drain");
    written += block.length;
  }
  out.end();
  await once(out, "close");
  return written;
}

async function measureLarge(mb: number): Promise<void> {
  const ids = readdirSync(corpus).filter((id) => existsSync(join(corpus, id, "log.txt")));
  const logs = ids.map((id) => readFileSync(join(corpus, id, "log.txt")));
  const path = join(tmpdir(), `xihe-perception-bench-${process.pid}.log`);
  try {
    const bytes = await writeLargeLog(path, mb, logs);
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    // Read exactly as `xihe diagnose --log FILE` reads (createReadStream with its default 64 KB
    // chunks); `--chunk-kb N` measures other read sizes.
    const result = await diagnose(createReadStream(path, { highWaterMark: chunkKb * 1024 }));
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    // The machine is shared: CPU time (user + system) says what the parse cost regardless of load.
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    console.log(
      `\nlarge log: ${(bytes / 1e6).toFixed(0)} MB (${ids.length} corpus logs repeated), streamed from a temp file in ${chunkKb} KB chunks`,
    );
    console.log(`  throughput: ${(bytes / 1e6 / seconds).toFixed(1)} MB/s (${seconds.toFixed(1)} s wall)`);
    console.log(
      `  per CPU second: ${(bytes / 1e6 / cpuSeconds).toFixed(1)} MB/s (${cpuSeconds.toFixed(1)} s CPU user+system)`,
    );
    console.log(
      `  peak RSS while parsing: ${(peakRss / 1e6).toFixed(0)} MB (process max RSS ${(process.resourceUsage().maxRSS / 1e3).toFixed(0)} MB; ${(rssBefore / 1e6).toFixed(0)} MB before parsing)`,
    );
    console.log(`  distinct failures kept: ${result.failures.length}; tools: ${result.tools.join(", ")}`);
  } finally {
    await rm(path, { force: true });
  }
}

const corpusIds = readdirSync(corpus).filter((id) => existsSync(join(corpus, id, "expected.json")));
await scoreSet("development corpus", corpus, corpusIds);
await scoreSet("our fixtures (scripts/fixtures/perception-js-*.sh)", perceptionFixtures, jsFixtureCases);
await scoreSet(
  "crash fixtures (scripts/fixtures/perception-crash.sh)",
  perceptionFixtures,
  crashFixtureCases,
);
const allFixtures = readdirSync(perceptionFixtures).filter((id) =>
  existsSync(join(perceptionFixtures, id, "expected.json")),
);
await scoreSet("all our fixtures (scripts/fixtures/perception-*.sh)", perceptionFixtures, allFixtures);
await scoreLocalizeLogs();
if (!args.includes("--skip-large")) await measureLarge(largeMb);

// The localization corpora's logs: each is a real failing run of a repository's own test suite (the
// dev set and bench/localize-corpus, 9 runners). No expected.json: the tool must be the runner the
// task's test command starts, and at least one failure must name its test.
async function scoreLocalizeLogs(): Promise<void> {
  const sets = [
    resolve(
      process.env["XIHE_LOCALIZE_CORPUS"] ?? resolve(import.meta.dirname, "../../shared/corpus/localize"),
    ),
    resolve(import.meta.dirname, "localize-corpus"),
  ].filter((dir) => existsSync(join(dir, "tasks.jsonl")));
  const toolOf: Record<string, string> = { node_test: "node:test" };
  const byRunner = new Map<string, { logs: number; toolOk: number; found: number; named: number }>();
  for (const dir of sets)
    for (const line of readFileSync(join(dir, "tasks.jsonl"), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const task = JSON.parse(line) as { log: string; test_cmd: string };
      const parsed = parseCommandLine(task.test_cmd);
      // a glob (`npx tape test/*.js`) is no plain command line: its words are enough to name the runner
      const words = parsed.ok ? parsed.argv : task.test_cmd.split(/\s+/);
      const argv = words.filter((w) => !/^[A-Za-z_]\w*=/.test(w));
      const kind = testRunnerKind(argv.map((w) => (w === "node" ? process.execPath : w)));
      const want = kind === null ? "unknown" : (toolOf[kind] ?? kind);
      const { failures } = await diagnose(readFileSync(join(dir, task.log), "utf8"));
      const row = byRunner.get(want) ?? { logs: 0, toolOk: 0, found: 0, named: 0 };
      row.logs++;
      if (failures.length > 0) row.found++;
      if (failures.length > 0 && failures.every((f) => f.tool === want)) row.toolOk++;
      if (failures.some((f) => f.test !== null)) row.named++;
      byRunner.set(want, row);
    }
  console.log(`\nlocalization corpus logs (real failing test runs; ${sets.length} corpora)`);
  console.log("runner          logs  with_failures  tool_acc  test_named");
  const total = { logs: 0, toolOk: 0, found: 0, named: 0 };
  const print = (name: string, r: typeof total) =>
    console.log(
      `${name.padEnd(14)} ${String(r.logs).padStart(5)} ${(r.found / r.logs).toFixed(3).padStart(14)} ${(r.toolOk / r.logs).toFixed(3).padStart(9)} ${(r.named / r.logs).toFixed(3).padStart(11)}`,
    );
  for (const [name, r] of [...byRunner].sort()) {
    print(name, r);
    for (const k of ["logs", "toolOk", "found", "named"] as const) total[k] += r[k];
  }
  print("ALL", total);
}
