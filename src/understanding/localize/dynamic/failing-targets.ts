// The failing tests to re-run, from perception's failure records: the leaf test name and its file
// (pytest names are node ids, `file::Class::test[param]`).
import type { Failure } from "../../../perception/failure.ts";
import type { TestTarget } from "./filtered-argv.ts";

export function failingTargets(failures: readonly Failure[], max: number): TestTarget[] {
  const seen = new Set<string>();
  const out: TestTarget[] = [];
  for (const f of failures) {
    if (f.kind !== "test" && f.kind !== "timeout") continue;
    const target = toTarget(f);
    const key = `${target.file ?? ""}\0${target.name ?? ""}`;
    if (target.name === null && target.file === null) continue;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(target);
    if (out.length >= max) break;
  }
  return out;
}

function toTarget(f: Failure): TestTarget {
  const test = f.test?.trim() || null;
  if (test?.includes("::")) {
    const leaf = test.split("::").pop() ?? test;
    return { name: leaf.replace(/\[.*\]$/, ""), file: test.split("::")[0] ?? f.file, nodeId: test };
  }
  return { name: test === null ? null : leafName(test), file: f.file };
}

/** "suite › case", "suite > case": runners' filters match the leaf reliably, the joined form not. */
export function leafName(full: string): string {
  const parts = full.split(/\s+(?:›|>|▶)\s+/);
  return (parts[parts.length - 1] ?? full).trim();
}
