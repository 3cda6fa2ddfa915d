// Where a fault is unlikely: examples, docs, benchmarks, fuzzers and scripts run code but are rarely what a
// failing test exercises. Their suspects are halved, not dropped (a broken example can fail CI).
const PERIPHERAL =
  /(^|\/)(examples?|docs?|benchmarks?|bench|scripts?|demos?|samples?|fuzz|fuzzers?|fuzzing)\//;

export function pathPrior(file: string): number {
  return PERIPHERAL.test(file) ? 0.5 : 1;
}
