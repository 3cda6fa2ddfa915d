// What the exit codes of a failing tests' re-run that did not fail say, for the fallback reason. pytest
// tells a selection that ran and passed (0: the failure needs the tests run before it, the CI
// environment, or is flaky) from one that selected nothing (4: a node id it could not find, 5: no
// test collected); other runners' codes do not tell these apart.
import type { TestRunnerKind } from "./test-runner-kind.ts";

const pytestMeaning: Record<number, string> = {
  0: "they ran and passed, so the failure needs the tests run before them, the environment, or is flaky",
  4: "pytest could not find a selected test (usage error)",
  5: "pytest collected no test",
};

export function rerunExitMeaning(runner: TestRunnerKind | null, codes: readonly (number | null)[]): string {
  const known = [...new Set(codes)].map((code) =>
    runner === "pytest" && code !== null ? pytestMeaning[code] : undefined,
  );
  if (known.length > 0 && known.every((m) => m !== undefined)) return known.join("; ");
  return "the filter matched nothing, or the failure is flaky";
}
