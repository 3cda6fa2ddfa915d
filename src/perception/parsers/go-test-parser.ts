// go test: `--- FAIL: TestX/sub (0.00s)` results with their `file_test.go:12: message` lines (after the
// result without -v, under `=== RUN` with -v), test panics with goroutine traces, the global
// `panic: test timed out after 10m0s`, and packages that do not build (`# pkg` blocks, then
// `FAIL pkg [build failed]`). go prints only a file's base name under the package import path, so a
// test file is reported as `<import path>/<file>` (which ends with its repository path).
import type { Failure } from "../failure.ts";
import type { LogParser, ParseContext } from "./log-parser.ts";
import { readGoPackageDiagnostics } from "./go-package-diagnostics.ts";
import { inferGoModulePath, packageDirectory } from "./go-module-root.ts";
import { isGoVetOutput } from "./go-vet-parser.ts";
import { readGoroutines, testFunctionName } from "./go-goroutine-trace.ts";
import { readGoTestResults, type GoTestResult } from "./go-test-results.ts";

const ERROR_TRACE = /Error Trace:\s+(\S+?\.go):(\d+)/;
const MARKER = /^(?:--- FAIL: |FAIL\t|ok {2}\t|panic: test timed out after )|\[(?:build|setup) failed\]$/;

export const goTestParser: LogParser = {
  tool: "go test",
  // The MARKER alternatives, and `.go:` for the package diagnostics of a build failure.
  markers: [
    "--- FAIL: ",
    "FAIL\t",
    "ok  \t",
    "panic: test timed out after ",
    "[build failed]",
    "[setup failed]",
    ".go:",
  ],
  detect(lines) {
    let hits = 0;
    for (const line of lines) if (mayBeMarker(line) && MARKER.test(line)) hits++;
    if (hits > 0) return 75 + Math.min(hits, 20);
    return readGoPackageDiagnostics(lines).length > 0 && !isGoVetOutput(lines) ? 50 : 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    const diagnostics = readGoPackageDiagnostics(lines);
    const modulePath = inferGoModulePath(diagnostics);
    for (const result of readGoTestResults(lines)) failures.push(fromResult(result, modulePath, context));
    if (!isGoVetOutput(lines))
      for (const d of diagnostics)
        failures.push(failure("build", context.toRepoPath(d.file), d.line, d.column, null, d.message));
    return failures;
  },
};

function fromResult(result: GoTestResult, modulePath: string | null, context: ParseContext): Failure {
  const goroutines = readGoroutines(result.panic, context);
  const frames = goroutines.flatMap((g) => g.frames);
  if (result.timeout) {
    const stuck = goroutines.find((g) => g.frames.some((f) => !f.external && testFunctionName(f)));
    const own = stuck?.frames.find((f) => !f.external) ?? null;
    const testFrame = stuck?.frames.find((f) => !f.external && testFunctionName(f));
    const name = result.name ?? (testFrame ? testFunctionName(testFrame) : null);
    return { ...failure("crash", own?.file ?? null, own?.line ?? null, null, name, result.message), frames };
  }
  const own = goroutines[0]?.frames.find((f) => !f.external);
  // A panic outside any test (init, TestMain) kills the test binary before or between tests.
  const kind = result.name === null ? "crash" : "test";
  if (own) return { ...failure(kind, own.file, own.line, null, result.name, result.message), frames };
  const first = result.messages[0];
  // testify prints the full path of the failing assertion in its `Error Trace:` line.
  const trace = first ? ERROR_TRACE.exec(first.text) : null;
  if (trace)
    return failure(
      "test",
      context.toRepoPath(trace[1] ?? ""),
      Number(trace[2]),
      null,
      result.name,
      result.message,
    );
  const file = first ? testFilePath(first.file, result.packagePath, modulePath, context) : null;
  return failure("test", file, first?.line ?? null, null, result.name, result.message);
}

function testFilePath(
  file: string,
  packagePath: string | null,
  modulePath: string | null,
  context: ParseContext,
): string {
  if (file.includes("/") || !packagePath) return context.toRepoPath(file);
  const dir = packageDirectory(packagePath, modulePath);
  if (dir === null) return `${packagePath}/${file}`;
  return dir === "" ? file : `${dir}/${file}`;
}

function failure(
  kind: "test" | "build" | "crash",
  file: string | null,
  line: number | null,
  column: number | null,
  test: string | null,
  message: string,
): Failure {
  return { tool: "go test", kind, file, line, column, test, message, rule: null, frames: [] };
}

function mayBeMarker(line: string): boolean {
  const c = line.charCodeAt(0);
  // "-", "F", "o", "p", or a `[build failed]` / `[setup failed]` tail
  return c === 45 || c === 70 || c === 111 || c === 112 || line.endsWith("failed]");
}
