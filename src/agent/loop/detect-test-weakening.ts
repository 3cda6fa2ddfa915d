// Changes that make a test pass by testing less: removed assertions, added skips / .only / xfail,
// loosened expectations, rewritten snapshots, deleted test files. Any finding makes a change
// high-risk, so it is never applied without a person's approval.
import type { ProposedChange } from "../../tools/define-tool.ts";
import { lineChanges } from "./line-changes.ts";
import { isTestPath as isIndexedTestPath } from "../../understanding/index/test-files.ts";

const testPath =
  /(^|\/)(test|tests|spec|__tests__)\/|\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)test_[^/]*\.py$|_test\.(py|go)$|Test\.java$|\.snap$/;
const snapshotPath = /(^|\/)__snapshots__\/|\.snap$/;

const assertion =
  /\b(expect|assert\w*|should|require\.\w+|t\.(Error|Fatal|Fail)\w*|assert_eq!|assert!|self\.assert\w+|chai\.\w+)\b\s*[.(!]/;
const skip =
  /\b(it|test|describe|context)\.(skip|todo)\b|\bx(it|describe|test)\s*\(|@pytest\.mark\.skip|\bpytest\.skip\s*\(|@unittest\.skip|\bt\.Skip(Now|f)?\s*\(|#\[ignore\]|@Disabled\b|@Ignore\b/;
const only = /\b(it|test|describe|context)\.only\b|\bf(it|describe)\s*\(/;
const xfail = /@pytest\.mark\.xfail|\bpytest\.xfail\s*\(|\b(it|test)\.failing\b|@unittest\.expectedFailure/;
const strictMatcher =
  /\.(toBe|toEqual|toStrictEqual|toThrow|toHaveBeenCalledWith|toMatchObject|toHaveLength)\(|assert(Equal|Equals|_eq!)|==/;
const looseMatcher =
  /\.(toBeTruthy|toBeDefined|toBeFalsy|toBeUndefined|toBeNull|anything)\(|expect\.any\(|\.not\.toThrow\(|assert(True|IsNotNone)?\s*\(?\s*\w+\s*\)?\s*$/;
const snapshotCall = /toMatch(Inline)?Snapshot\(/;

export interface WeakeningFinding {
  path: string;
  kind:
    | "removed_assertion"
    | "added_skip"
    | "added_only"
    | "added_xfail"
    | "loosened_expectation"
    | "updated_snapshot"
    | "deleted_test";
  detail: string;
}

export function isTestPath(path: string): boolean {
  return testPath.test(path);
}

export function detectTestWeakening(change: ProposedChange): WeakeningFinding[] {
  const { path } = change;
  // Whatever the index counts as a test is watched too (`lib/__tests/`, `testing/`, a `test.js`
  // suite): a fix that weakens a test there must not pass as a code change.
  if (!isTestPath(path) && !isIndexedTestPath(path)) return [];
  if (change.after === null) return [{ path, kind: "deleted_test", detail: `deletes the test file ${path}` }];
  if (snapshotPath.test(path) && change.before !== null)
    return [{ path, kind: "updated_snapshot", detail: `rewrites stored snapshot ${path}` }];
  const { removed, added } = lineChanges(change.before, change.after);
  const count = (lines: string[], re: RegExp) => lines.filter((l) => re.test(l)).length;
  const findings: WeakeningFinding[] = [];
  const lostAssertions = count(removed, assertion) - count(added, assertion);
  if (lostAssertions > 0)
    findings.push({
      path,
      kind: "removed_assertion",
      detail: `removes ${lostAssertions} assertion(s) from ${path}`,
    });
  if (count(added, skip) > count(removed, skip))
    findings.push({ path, kind: "added_skip", detail: `skips a test in ${path}` });
  if (count(added, only) > count(removed, only))
    findings.push({
      path,
      kind: "added_only",
      detail: `adds .only in ${path}, which silently skips the other tests`,
    });
  if (count(added, xfail) > count(removed, xfail))
    findings.push({ path, kind: "added_xfail", detail: `marks a test as expected to fail in ${path}` });
  const lostStrict = count(removed, strictMatcher) - count(added, strictMatcher);
  const gainedLoose = count(added, looseMatcher) - count(removed, looseMatcher);
  if (lostStrict > 0 && gainedLoose > 0)
    findings.push({
      path,
      kind: "loosened_expectation",
      detail: `replaces exact expectations with looser ones in ${path}`,
    });
  if (count(removed, snapshotCall) > 0 && count(added, snapshotCall) > 0)
    findings.push({ path, kind: "updated_snapshot", detail: `rewrites an inline snapshot in ${path}` });
  return findings;
}
