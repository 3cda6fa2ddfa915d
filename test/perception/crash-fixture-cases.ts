// The crash fixtures made by scripts/fixtures/perception-crash.sh (real tool runs: segfaults, aborts,
// V8's fatal errors and heap limits in runner workers, ava timeouts, go test build failures), each
// with a hand-checked expected.json. Shared by the crash fixture test and the benchmark.
export const crashFixtureCases = [
  "pytest-segfault",
  "pytest-segfault-verbose",
  "jest-worker-heap-oom",
  "jest-heap-oom-in-band",
  "vitest-worker-heap-oom",
  "mocha-sigabrt",
  "mocha-v8-fatal",
  "nodetest-sigsegv",
  "ava-never-resolved",
  "ava-timeout",
  "ava-failed-to-exit",
  "go-test-build-nontest",
  "go-test-build-dependency",
  "go-test-vet-printf",
];
