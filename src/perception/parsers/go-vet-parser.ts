// go vet: `# import/path` then `file.go:line:col: analyzer message` (or `vet: file.go:...` when the
// package does not type-check). Told from compiler errors of go build / go test by what the messages
// say or by the command line, since both print the same shape.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";
import { isVetMessage, readGoPackageDiagnostics } from "./go-package-diagnostics.ts";

const COMMAND = /(?:^|\s|\$ )go vet\b/;

export function isGoVetOutput(lines: readonly string[]): boolean {
  let buildFailed = false;
  for (const line of lines) {
    if (line.startsWith("vet: ") || (line.includes("go vet") && COMMAND.test(line))) return true;
    if (line.endsWith("[build failed]")) buildFailed = true;
  }
  // go test runs a subset of vet's checks before the tests, and what they find fails the package's
  // build (`FAIL pkg [build failed]`): go test's own compile error, however vet-like its message.
  return !buildFailed && readGoPackageDiagnostics(lines).some((d) => isVetMessage(d.message));
}

export const goVetParser: LogParser = {
  tool: "go vet",
  // Package diagnostics are `file.go:line…` lines.
  markers: [".go:"],
  detect(lines) {
    return readGoPackageDiagnostics(lines).length > 0 && isGoVetOutput(lines) ? 80 : 0;
  },
  parse(lines, context) {
    return readGoPackageDiagnostics(lines).map((d): Failure => ({
      tool: "go vet",
      kind: "lint",
      file: context.toRepoPath(d.file),
      line: d.line,
      column: d.column,
      test: null,
      message: d.message,
      rule: null,
      frames: [],
    }));
  },
};
