// npm run bench:swapped-calls: how long finding swapped-looking calls (swapped-call-sites.ts) takes
// when one callee is called 5,000 and 50,000 times, on a generated project indexed by the real
// extractor: a pull request controls how many calls a function has, and each call is judged against
// the others; and a class with 5,000 methods built by 20,000 `new P(...)` calls, each of which looks up
// the constructor that runs (constructor-call.ts). Prints the index build apart from the search, wall and CPU time (the machine is
// shared: wall time includes waiting for a core), and whether the one swapped call was found.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { buildIndex } from "../src/understanding/index/build-index.ts";
import { createSymbolLookup } from "../src/understanding/index/symbol-lookup.ts";
import { swappedCallSites } from "../src/understanding/localize/swapped-call-sites.ts";

const CALLS_PER_FILE = 100;

/**
 * Files of CALLS_PER_FILE calls each, `calls` in all, of `call(keyN, "value")` (the callee's
 * usual order), and one file calling it the other way round: the one swap to find.
 */
function writeCallers(root: string, calls: number, imports: string, call: (a: string, b: string) => string) {
  for (let file = 0; file * CALLS_PER_FILE < calls; file++) {
    const count = Math.min(CALLS_PER_FILE, calls - file * CALLS_PER_FILE);
    const body = Array.from({ length: count }, (_, i) => `  out.push(${call(`key${i % 7}`, "value")})`);
    writeFileSync(
      join(root, `lib/callers${file}.js`),
      [
        imports,
        "export function callers(value, key0, key1, key2, key3, key4, key5, key6) {",
        "  const out = []",
        ...body,
        "  return out",
        "}",
        "",
      ].join("\n"),
    );
  }
  writeFileSync(
    join(root, "lib/odd.js"),
    `${imports}\nexport function odd(value, key) {\n  return ${call("value", "key")}\n}\n`,
  );
}

/** `pair(key, value)` called `calls` times over files of CALLS_PER_FILE, and once swapped. */
function makeProject(calls: number): string {
  const root = mkdtempSync(join(tmpdir(), "xihe-swapped-calls-bench-"));
  mkdirSync(join(root, "lib"));
  writeFileSync(join(root, "lib/pair.js"), "export function pair(key, value) {\n  return [key, value]\n}\n");
  writeCallers(root, calls, 'import { pair } from "./pair.js"', (a, b) => `pair(${a}, ${b})`);
  return root;
}

const METHODS = 5_000;

/**
 * `class P` with `methods` methods and then its constructor (finding it means passing every method),
 * built `calls` times over files, once swapped.
 */
function makeClassProject(methods: number, calls: number): string {
  const root = mkdtempSync(join(tmpdir(), "xihe-swapped-calls-bench-"));
  mkdirSync(join(root, "lib"));
  const members = Array.from({ length: methods }, (_, i) => `  method${i}() {\n    return this.key\n  }`);
  writeFileSync(
    join(root, "lib/p.js"),
    [
      "export class P {",
      ...members,
      "  constructor(key, value) {",
      "    this.key = key",
      "  }",
      "}",
      "",
    ].join("\n"),
  );
  writeCallers(root, calls, 'import { P } from "./p.js"', (a, b) => `new P(${a}, ${b})`);
  return root;
}

async function timed<T>(run: () => T | Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const value = await run();
  const c = process.cpuUsage(c0);
  return { value, wallMs: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 };
}

const fmt = (n: number) => n.toFixed(0);
console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")} (shared machine)`,
);
const projects = [
  ...[5_000, 50_000].map((calls) => ({
    label: `${calls} calls of one callee`,
    make: () => makeProject(calls),
  })),
  {
    label: `20000 \`new P(...)\` of a class with ${METHODS} methods`,
    make: () => makeClassProject(METHODS, 20_000),
  },
];
for (const { label, make } of projects) {
  const root = make();
  try {
    const built = await timed(() => buildIndex(root, { cache: null }));
    const index = built.value;
    const lookup = createSymbolLookup(index);
    const read = new Map<string, string[]>();
    // As the production reader: each file read once, then from memory.
    const readLines = (path: string) => {
      const known = read.get(path);
      if (known) return known;
      const lines = readFileSync(join(root, path), "utf8").split("\n");
      read.set(path, lines);
      return lines;
    };
    const first = await timed(() => swappedCallSites(index, lookup, readLines));
    const again = await timed(() => swappedCallSites(index, lookup, readLines));
    const found = first.value.map((s) => s.where).join(", ") || "none";
    console.log(
      `swapped-call-sites, ${label} (${index.calls.length} call edges, ${index.files.length} files): ` +
        `index build ${fmt(built.wallMs)} ms wall; search ${fmt(first.wallMs)} ms wall, ${fmt(first.cpuMs)} ms CPU ` +
        `(files read), again ${fmt(again.wallMs)} ms wall, ${fmt(again.cpuMs)} ms CPU (lines in memory); found ${found}`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
