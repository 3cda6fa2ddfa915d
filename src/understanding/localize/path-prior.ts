// Where a fault is unlikely: examples, docs, benchmarks, fuzzers and scripts run code but are rarely what a
// failing test exercises. Their suspects are halved, not dropped (a broken example can fail CI).
const PERIPHERAL =
  /(^|\/)(examples?|docs?|benchmarks?|bench|scripts?|demos?|samples?|fuzz|fuzzers?|fuzzing)\//;
// Benchmarks kept beside the code they measure (`src/parse.bench.ts`, `lib/foo.benchmark.js`): they
// call the function under test by name, so the lexical signals like them as much as the real code.
const PERIPHERAL_FILE = /\.(?:bench|benchmark)\.[cm]?[jt]sx?$/;

export function pathPrior(file: string): number {
  return PERIPHERAL.test(file) || PERIPHERAL_FILE.test(file) ? 0.5 : 1;
}
