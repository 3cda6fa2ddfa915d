// npm run bench:index [-- --files N --keep]: indexes a real codebase — the TypeScript and
// JavaScript installed under this project's node_modules, copied into a temp git repository
// (node_modules path segments renamed so the copy is not "vendored") — and prints:
//   cold  : empty cache, per worker count (MB/s and files/s of parsed source)
//   warm  : a fresh cache handle on the same SQLite file (a new process's second run)
//   no-change check and one-file update with an open cache (the long-lived CLI/App/agent case)
//   peak RSS of this process.
// Corpus "all" is every file under 1 MiB; corpus "2500" is an evenly spaced 2,500-file subset.
import { execFileSync } from "node:child_process";
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { buildIndex } from "../src/understanding/index/build-index.ts";
import { extractorVersion } from "../src/understanding/index/extractor-version.ts";
import { openIndexCache } from "../src/understanding/index/index-cache.ts";

const args = process.argv.slice(2);
const flag = (name: string) => args.indexOf(name);
const subsetSize = flag("--files") >= 0 ? Number(args[flag("--files") + 1]) : 2500;
const keep = flag("--keep") >= 0;
const source = join(process.cwd(), "node_modules");
const sourceExt = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

function listSources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listSources(path, out);
    else if (entry.isFile() && sourceExt.test(entry.name) && statSync(path).size < 1024 * 1024)
      out.push(path);
  }
  return out;
}

function makeCorpus(files: readonly string[], label: string): string {
  const root = mkdtempSync(join(tmpdir(), `xihe-index-bench-${label}-`));
  for (const file of files) {
    const rel = relative(source, file)
      .split("/")
      .map((s) => (s === "node_modules" ? "nm" : s))
      .join("/");
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    copyFileSync(file, join(root, rel));
  }
  const git = (...a: string[]) =>
    execFileSync("git", ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid", ...a], {
      cwd: root,
      stdio: "ignore",
    });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-q", "-m", "corpus");
  return root;
}

const mb = (bytes: number) => bytes / 1e6;

interface Timing {
  wallMs: number;
  cpuMs: number;
  value: Awaited<ReturnType<typeof buildIndex>>;
}

// Wall and CPU time: the machine is shared, so wall time includes waiting for a core.
async function timed(run: () => ReturnType<typeof buildIndex>): Promise<Timing> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const value = await run();
  const c = process.cpuUsage(c0);
  return { wallMs: performance.now() - t0, cpuMs: (c.user + c.system) / 1000, value };
}

function summary(runs: readonly Timing[]): string {
  const phase = (k: "list" | "parse" | "assemble") =>
    median(runs.map((r) => r.value.stats?.phaseMs?.[k] ?? 0));
  return (
    `median ${fmt(median(runs.map((r) => r.wallMs)))} ms wall, ${fmt(median(runs.map((r) => r.cpuMs)))} ms CPU ` +
    `(list ${fmt(phase("list"))}, parse ${fmt(phase("parse"))}, assemble ${fmt(phase("assemble"))}); ` +
    `runs ${runs.map((r) => fmt(r.wallMs, 0)).join(", ")}`
  );
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

async function cold(root: string, workers: number, label: string) {
  const cacheDir = mkdtempSync(join(tmpdir(), "xihe-index-bench-cache-"));
  const cachePath = join(cacheDir, "cache.sqlite");
  const run = await timed(() => buildIndex(root, { cache: cachePath, workers }));
  const index = run.value;
  const ms = run.wallMs;
  const s = index.stats;
  const parsedBytes = s?.parsedBytes ?? 0;
  console.log(
    `cold  ${label} workers=${workers}: ${fmt(ms / 1000, 2)} s wall, ${fmt(run.cpuMs / 1000, 2)} s CPU (all threads); ` +
      `${s?.parsedFiles} files parsed (${fmt(mb(parsedBytes))} MB): ` +
      `${fmt(mb(parsedBytes) / (ms / 1000), 2)} MB/s and ${fmt((s?.parsedFiles ?? 0) / (ms / 1000), 0)} files/s wall, ` +
      `${fmt(mb(parsedBytes) / (run.cpuMs / 1000), 2)} MB per CPU-second; ` +
      `${index.files.length} indexed, ${index.symbols.length} symbols, ${index.calls.length} call edges ` +
      `(${index.calls.filter((c) => c.to).length} resolved), ${index.skipped.length} skipped`,
  );
  return { cachePath, cacheDir, ms, index };
}

async function warmAndIncremental(root: string, cachePath: string, label: string) {
  const cache = openIndexCache(cachePath, extractorVersion());
  try {
    const warmRun = await timed(() => buildIndex(root, { cache }));
    const warm = warmRun.value;
    console.log(
      `warm  ${label} (fresh cache handle on the same file): ${summary([warmRun])}; ` +
        `${warm.files.length} files, ${warm.stats?.cacheHits} cache hits, ${warm.stats?.parsedFiles} parsed`,
    );
    const noChange: Timing[] = [];
    for (let i = 0; i < 9; i++) {
      const run = await timed(() => buildIndex(root, { cache }));
      if (!run.value.stats?.noChange) throw new Error("expected the no-change path");
      noChange.push(run);
    }
    console.log(`no-change check ${label}: ${summary(noChange)}`);
    const targets = warm.files.filter((f) => f.language === "typescript" || f.language === "javascript");
    const picked = Array.from(
      { length: 10 },
      (_, i) => targets[Math.floor(((i + 0.5) * targets.length) / 10)],
    ).filter((f) => f !== undefined);
    // The first edit loads the grammar (once per process); it is not timed.
    const update: Timing[] = [];
    for (const [i, f] of picked.entries()) {
      appendFileSync(join(root, f.path), `\nexport function benchEdit${i}(x) { return x + ${i}; }\n`);
      const run = await timed(() => buildIndex(root, { cache }));
      if (run.value.stats?.parsedFiles !== 1)
        throw new Error(`expected one parse, got ${run.value.stats?.parsedFiles}`);
      if (i > 0) update.push(run);
    }
    const sizes = picked.slice(1).map((f) => `${Math.round(f.bytes / 1024)}K`);
    console.log(`one-file update ${label}: ${summary(update)}; edited file sizes ${sizes.join(" ")}`);
  } finally {
    cache.close();
  }
}

const all = listSources(source).sort();
const step = all.length / Math.min(subsetSize, all.length);
const subset = Array.from(
  { length: Math.min(subsetSize, all.length) },
  (_, i) => all[Math.floor(i * step)] ?? "",
);
const load = () =>
  loadavg()
    .map((x) => fmt(x, 2))
    .join(" ");
console.log(`load average at start: ${load()} (2 cores, shared with other work)`);
console.log(
  `corpus: ${all.length} TS/JS files under node_modules (< 1 MiB each); subset of ${subset.length}`,
);
const roots = {
  all: makeCorpus(all, "all"),
  [String(subset.length)]: makeCorpus(subset, String(subset.length)),
};
const cleanup: string[] = [...Object.values(roots)];
try {
  const big = await cold(roots.all, 1, "all");
  cleanup.push(big.cacheDir);
  await warmAndIncremental(roots.all, big.cachePath, "all");
  const subsetRoot = roots[String(subset.length)] ?? "";
  for (const workers of [0, 1, 2]) {
    const run = await cold(subsetRoot, workers, String(subset.length));
    cleanup.push(run.cacheDir);
    if (workers === 1) await warmAndIncremental(subsetRoot, run.cachePath, String(subset.length));
  }
  console.log(`load average at end: ${load()}`);
  console.log(
    `peak RSS: ${fmt(process.resourceUsage().maxRSS / 1024, 0)} MB (this process, worker threads included)`,
  );
} finally {
  if (keep) console.log(`kept: ${cleanup.join(" ")}`);
  else for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
}
