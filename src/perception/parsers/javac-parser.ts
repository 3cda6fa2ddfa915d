// javac diagnostics, plain (`src/X.java:11: error: cannot find symbol`, then the source line, a caret
// line whose column is the diagnostic's, and `symbol:` / `location:` details) and through
// maven-compiler-plugin (`[ERROR] /abs/X.java:[11,21] cannot find symbol`, details on the next lines,
// the whole list repeated in Maven's failure recap, which is not counted twice).
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";

const PREFIX = /^\[(ERROR|WARNING|WARN|INFO)\] ?/;
const MAVEN = /^(.+?\.(?:java|kt)):\[(\d+),(\d+)\] (.*)$/;
const PLAIN = /^(.+?\.java):(\d+): (error|warning): (.*)$/;
const DETAIL =
  /^\s{2,}(?:symbol|location|required|found|reason|where|both|method|constructor|class|interface)\b/;
const CARET = /^(\s*)\^$/;
const TESTS_RAN = /(?:^|\] )(?:T E S T S|Tests run: \d+, Failures: )/;

export const javacParser: LogParser = {
  tool: "javac",
  // detect needs a `.java:` or `.kt:` location.
  markers: [".java:", ".kt:"],
  detect(lines) {
    for (const raw of lines) {
      if (!raw.includes(".java:") && !raw.includes(".kt:")) continue;
      const line = raw.replace(PREFIX, "");
      if (PLAIN.test(line) || (MAVEN.test(line) && /^\[(?:ERROR|WARNING)\]/.test(raw))) return 80;
    }
    return 0;
  },
  parse(lines, context) {
    const failures: Failure[] = [];
    const seen = new Set<string>();
    // Warnings printed while compiling for a test run are not what failed it.
    const testsRan = lines.some((l) => TESTS_RAN.test(l));
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i] ?? "";
      const severity = PREFIX.exec(raw)?.[1] ?? null;
      const line = raw.replace(PREFIX, "");
      const maven = severity === "ERROR" || severity === "WARNING" ? MAVEN.exec(line) : null;
      const plain = maven ? null : PLAIN.exec(line);
      if (!maven && !plain) continue;
      const file = context.toRepoPath((maven ?? plain)?.[1] ?? "");
      const row = Number((maven ?? plain)?.[2]);
      let column = maven ? Number(maven[3]) : null;
      const message = [maven ? (maven[4] ?? "").replace(/^(?:error|warning): /, "") : (plain?.[4] ?? "")];
      const isWarning = severity === "WARNING" || plain?.[3] === "warning";
      let j = i + 1;
      for (; j < lines.length && j < i + 12; j++) {
        const next = (lines[j] ?? "").replace(PREFIX, "");
        const caret = CARET.exec(next);
        if (caret && plain) column = (caret[1] ?? "").length + 1;
        else if (DETAIL.test(next)) message.push(next.trim());
        else if (!plain || MAVEN.test(next) || PLAIN.test(next) || /^\d+ (?:errors?|warnings?)$/.test(next))
          break;
      }
      if (isWarning && testsRan) {
        i = j - 1;
        continue;
      }
      const key = `${file}:${row}:${column ?? ""}:${message[0] ?? ""}`;
      if (!seen.has(key)) {
        seen.add(key);
        failures.push({
          tool: "javac",
          kind: "build",
          file,
          line: row,
          column,
          test: null,
          message: (isWarning ? "warning: " : "") + message.join("\n"),
          rule: /^\[(\w+)\]/.exec(message[0] ?? "")?.[1] ?? null,
          frames: [],
        });
      }
      i = j - 1;
    }
    return failures;
  },
};
