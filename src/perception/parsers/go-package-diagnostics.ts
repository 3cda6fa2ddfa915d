// The `# import/path` blocks that go build, go test and go vet print: compiler or analyzer diagnostics
// `path.go:line[:col]: message` (optionally prefixed `vet: `), continuation lines indented by a tab.
// Paths are relative to the directory go ran in, or `./x.go` for the package in the current directory.
export interface GoDiagnostic {
  packagePath: string;
  file: string;
  line: number;
  column: number | null;
  message: string;
}

const PACKAGE = /^# (\S+)(?: \[\S+\])?$/;
const DIAGNOSTIC = /^(?:vet: )?(\S+?\.go):(\d+)(?::(\d+))?: (.+)$/;

export function readGoPackageDiagnostics(lines: readonly string[]): GoDiagnostic[] {
  const out: GoDiagnostic[] = [];
  let packagePath: string | null = null;
  for (const line of lines) {
    const pkg = line.startsWith("# ") ? PACKAGE.exec(line) : null;
    if (pkg) {
      packagePath = pkg[1] ?? null;
      continue;
    }
    if (packagePath === null) continue;
    const d = DIAGNOSTIC.exec(line);
    if (d) {
      const [, file = "", row, col, message = ""] = d;
      out.push({ packagePath, file, line: Number(row), column: col ? Number(col) : null, message });
      continue;
    }
    const last = out.at(-1);
    if (line.startsWith("\t") && last && last.packagePath === packagePath) last.message += `\n${line.trim()}`;
    else packagePath = null;
  }
  return out;
}

// What go vet's analyzers say (printf, copylocks, unreachable, assign, bools, composites, lostcancel,
// loopclosure, nilfunc, shift, stdmethods, structtag, tests, unmarshal, unsafeptr, unusedresult,
// errorsas, httpresponse, stringintconv, atomic, ifaceassert, sigchanyzer, testinggoroutine, ...);
// compiler errors never read like this.
const VET_MESSAGE =
  /(?:\b(?:Printf|Sprintf|Fprintf|Errorf|Fatalf|Logf|Printf-style|Println|Print|Sprint|Fprintln)\b.*\b(?:format|arg|call has|possible formatting directive|wrong type|missing argument|needs \d+ args?)|passes lock by value|copies lock|unreachable code|self-assignment of|redundant (?:or|and):|suspect (?:or|and):|composite literal uses unkeyed fields|the cancel function|loop variable .+ captured by func literal|comparison of function .+ is always|too small for shift|should have signature|struct field tag|repeats (?:json|xml) tag|malformed example suffix|call of .+ passes non-pointer|possible misuse of (?:unsafe\.Pointer|reflect)|result of .+ call not used|second argument to errors\.As|using resp before checking for errors|conversion from .+ to string yields|direct assignment to atomic value|impossible type assertion|misuse of unbuffered os\.Signal channel|call to \(\*[TB]\)\.\w+ from a non-test goroutine|is not deferred|should not use|has no field or method .+ but|non-constant format string)/;

export function isVetMessage(message: string): boolean {
  return VET_MESSAGE.test(message);
}
