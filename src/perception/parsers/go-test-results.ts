// Reads go test's text output into one result per failed test: its `file.go:line: message` lines
// (printed after `--- FAIL` without -v, after `=== RUN` with -v), the panic block if the test panicked,
// and the package import path from the `FAIL\tpkg\t0.01s` line that closes the package. Parents that
// failed only because a subtest failed are dropped; the global timeout panic is its own result.
export interface GoTestMessage {
  file: string;
  line: number;
  text: string;
}

export interface GoTestResult {
  name: string | null;
  packagePath: string | null;
  messages: GoTestMessage[];
  message: string;
  /** The panic's lines (goroutine traces included), empty when the test did not panic. */
  panic: string[];
  timeout: boolean;
}

const RUN = /^=== (?:RUN|CONT|NAME|PAUSE)\s+(\S+)$/;
const RESULT = /^(\s*)--- (FAIL|PASS|SKIP): (\S+) \([\d.]+s\)$/;
const MESSAGE = /^(\s+)(\S+?\.go):(\d+): (.*)$/;
const PACKAGE = /^(?:FAIL|ok)\s+(\S+)(?:\s|$)/;
const PANIC_END = /^(?:(?:FAIL|ok)\s|exit status |--- |=== )/;
const RUNNING_TEST = /^\s+(\S+) \([\dhms.]+\)$/;
const MAX_MESSAGE_LINES = 8;

export function readGoTestResults(lines: readonly string[]): GoTestResult[] {
  const results = new Map<string, GoTestResult>();
  const failedOrder: GoTestResult[] = [];
  const extra: GoTestResult[] = [];
  let pending: GoTestResult[] = [];
  let current: string | null = null;
  let owner: { name: string; indent: number } | null = null;
  let last: GoTestMessage | null = null;
  const resultFor = (name: string): GoTestResult => {
    let r = results.get(name);
    if (!r) {
      r = { name, packagePath: null, messages: [], message: "", panic: [], timeout: false };
      results.set(name, r);
    }
    return r;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const run = RUN.exec(line);
    if (run) {
      current = run[1] ?? null;
      owner = null;
      last = null;
      continue;
    }
    const result = RESULT.exec(line);
    if (result) {
      const [, indent = "", status, name = ""] = result;
      owner = { name, indent: indent.length };
      last = null;
      if (status === "FAIL" && !failedOrder.includes(resultFor(name))) {
        failedOrder.push(resultFor(name));
        pending.push(resultFor(name));
      }
      continue;
    }
    if (line.startsWith("panic: ")) {
      let end = i + 1;
      while (end < lines.length && !PANIC_END.test(lines[end] ?? "")) end++;
      const block = lines.slice(i, end);
      const timeout = line.startsWith("panic: test timed out after ");
      const owner = timeout ? null : (pending.at(-1) ?? (current ? resultFor(current) : null));
      // The global timeout, or a panic outside any test (init, TestMain): a result of its own.
      const target = owner ?? {
        name: timeout ? runningTest(block) : null,
        packagePath: null,
        messages: [],
        message: "",
        panic: [],
        timeout,
      };
      target.panic = block;
      target.message ||= line.replace(/ \[recovered\]$/, "");
      if (!owner) {
        extra.push(target);
        pending.push(target);
      }
      i = end - 1;
      continue;
    }
    const message = MESSAGE.exec(line);
    if (message) {
      const [, indent = "", file = "", row, text = ""] = message;
      const name = owner && indent.length > owner.indent ? owner.name : current;
      if (name) {
        last = { file, line: Number(row), text };
        resultFor(name).messages.push(last);
      }
      continue;
    }
    const pkg = PACKAGE.exec(line);
    if (pkg) {
      for (const r of pending) r.packagePath ??= pkg[1] ?? null;
      pending = [];
      owner = null;
      current = null;
      continue;
    }
    if (last && /^\s+\S/.test(line) && last.text.split("\n").length < MAX_MESSAGE_LINES)
      last.text += `\n${line.trim()}`;
  }
  const failed = failedOrder.filter((r) => !isOnlyAParent(r, failedOrder));
  for (const r of failed)
    r.message ||= r.messages.map((m) => m.text).join("\n") || `--- FAIL: ${r.name ?? ""}`;
  return [...failed, ...extra];
}

function isOnlyAParent(result: GoTestResult, failed: readonly GoTestResult[]): boolean {
  if (result.messages.length > 0 || result.panic.length > 0) return false;
  return failed.some((other) => other.name?.startsWith(`${result.name ?? ""}/`));
}

// Go >= 1.20 lists the tests that were running when the alarm fired.
function runningTest(block: readonly string[]): string | null {
  const at = block.findIndex((l) => l === "running tests:");
  if (at < 0) return null;
  return RUNNING_TEST.exec(block[at + 1] ?? "")?.[1] ?? null;
}
