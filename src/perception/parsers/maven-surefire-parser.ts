// Maven Surefire / Failsafe test reports in the console: per-test blocks
// `[ERROR] com.x.MoneyTest.splitKeepsTotal -- Time elapsed: 0.01 s <<< FAILURE!` (3.x) or
// `splitKeepsTotal(com.x.MoneyTest)  Time elapsed: 0.01 s  <<< ERROR!` (2.x), each with the exception
// and its stack; and the results recap (`MoneyTest.splitKeepsTotal:19 expected...` under
// `Failures:`/`Errors:`, or 2.x `Failed tests:`), used for tests that have no block. A forked JVM that
// dies is a crash.
import type { Failure } from "../failure.ts";
import type { LogParser } from "./log-parser.ts";
import { javaSourcePath, parseJavaFrame, type JavaLayout } from "./java-stack-frame.ts";

const PREFIX = /^\[(?:ERROR|WARNING|INFO)\] ?/;
const BLOCK_3 = /^([\w.$]+)\.([\w$[\]()<>, -]+?) -- Time elapsed: .* <<< (FAILURE|ERROR)!$/;
const BLOCK_2 = /^([\w$[\]<>, -]+?)\(([\w.$]+)\)\s+Time elapsed: .* <<< (FAILURE|ERROR)!$/;
const CLASS_LINE = /^(?:Running |Tests run: .* in )([\w.$]+)$/;
const RECAP_HEADER = /^(?:Failures|Errors|Failed tests|Tests in error):\s*$/;
// Flaky tests passed on a rerun: not failures.
const RECAP_END = /^(?:Flakes|Tests run):/;
const RECAP_ENTRY = /^ {2}([\w$]+)\.([\w$[\]]+)(?::(\d+))?(?:->\S+)* (?:» \w+ )?(.*)$/;
const RECAP_ENTRY_2 = /^ {2}([\w$]+)\(([\w.$]+)\)(?::(\d+))?:? ?(.*)$/;
const FORK_CRASH =
  /(?:The forked VM terminated without properly saying goodbye|There was a timeout in the fork|ExecutionException The forked VM terminated)/;
const MARKER = /(?:<<< (?:FAILURE|ERROR)!|^Tests run: \d+, Failures: \d+|T E S T S)/;

export const mavenSurefireParser: LogParser = {
  tool: "maven",
  // The MARKER alternatives (after the `[ERROR] ` prefix is taken off).
  markers: ["<<< FAILURE!", "<<< ERROR!", "Tests run: ", "T E S T S"],
  detect(lines) {
    let hits = 0;
    for (const raw of lines)
      if (
        (raw.includes("<<< ") || raw.includes("Tests run: ") || raw.includes("T E S T S")) &&
        MARKER.test(raw.replace(PREFIX, ""))
      )
        hits++;
    return hits > 0 ? 75 + Math.min(hits, 20) : 0;
  },
  parse(lines) {
    const text = lines.map((l) => l.replace(PREFIX, ""));
    const layout = readLayout(lines, text);
    const failures: Failure[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < text.length; i++) {
      const line = text[i] ?? "";
      const block = BLOCK_3.exec(line);
      const old = block ? null : BLOCK_2.exec(line);
      if (block || old) {
        const className = block ? (block[1] ?? "") : (old?.[2] ?? "");
        const method = block ? (block[2] ?? "") : (old?.[1] ?? "");
        const simple = className.split(".").at(-1) ?? className;
        seen.add(`${simple}.${method}`);
        const frames = [];
        const message = text[i + 1] ?? "";
        let j = i + 2;
        for (; j < text.length; j++) {
          const frame = parseJavaFrame(text[j] ?? "", layout);
          if (frame) frames.push(frame);
          else if (
            !/^\s+(?:\.\.\. \d+ more|Caused by:)/.test(text[j] ?? "") &&
            !(text[j] ?? "").startsWith("Caused by:")
          )
            break;
        }
        const own = frames.find((f) => !f.external);
        failures.push(build(own?.file ?? null, own?.line ?? null, `${className}.${method}`, message, frames));
        i = j - 1;
        continue;
      }
      if (FORK_CRASH.test(line)) {
        failures.push({ ...build(null, null, null, line, []), kind: "crash" });
      }
    }
    return [...dedupeCrash(failures), ...fromRecap(text, layout, seen)];
  },
};

function readLayout(
  raw: readonly string[],
  text: readonly string[],
): JavaLayout & { packages: Map<string, string> } {
  const packages = new Map<string, string>();
  const testClasses = new Set<string>();
  for (const line of text) {
    const cls = CLASS_LINE.exec(line)?.[1] ?? BLOCK_3.exec(line)?.[1] ?? BLOCK_2.exec(line)?.[2];
    if (!cls) continue;
    const simple = (cls.split(".").at(-1) ?? cls).split("$")[0] ?? cls;
    testClasses.add(simple);
    packages.set(simple, cls.split("$")[0] ?? cls);
  }
  const multiModule = raw.some((l) => /Reactor (?:Build Order|Summary)/.test(l));
  const artifact = multiModule ? lastArtifact(raw) : null;
  return { testClasses, packages, modulePrefix: artifact ? `${artifact}/` : "" };
}

// The module of the surefire run is the artifactId in the last `--- plugin:goal (id) @ artifact ---`.
function lastArtifact(raw: readonly string[]): string | null {
  let artifact: string | null = null;
  for (const line of raw) {
    const m = /--- [\w.:-]+ \([\w.-]+\) @ ([\w.-]+) ---/.exec(line);
    if (m && /surefire|failsafe/.test(line)) artifact = m[1] ?? artifact;
  }
  return artifact;
}

function fromRecap(
  text: readonly string[],
  layout: JavaLayout & { packages: Map<string, string> },
  seen: Set<string>,
): Failure[] {
  const out: Failure[] = [];
  let inRecap = false;
  for (const line of text) {
    if (RECAP_HEADER.test(line)) {
      inRecap = true;
      continue;
    }
    if (RECAP_END.test(line)) inRecap = false;
    if (!inRecap) continue;
    const entry = RECAP_ENTRY.exec(line);
    const old = entry ? null : RECAP_ENTRY_2.exec(line);
    if (!entry && !old) {
      if (!/^ {2,}/.test(line)) inRecap = false;
      continue;
    }
    const simple = entry ? (entry[1] ?? "") : ((old?.[2] ?? "").split(".").at(-1) ?? "");
    const method = entry ? (entry[2] ?? "") : (old?.[1] ?? "");
    if (seen.has(`${simple}.${method}`)) continue;
    seen.add(`${simple}.${method}`);
    const fqcn = old?.[2] ?? layout.packages.get(simple.split("$")[0] ?? simple) ?? simple;
    const row = entry?.[3] ?? old?.[3];
    const file = javaSourcePath(fqcn, `${simple.split("$")[0] ?? simple}.java`, layout);
    out.push(
      build(file, row ? Number(row) : null, `${simple}.${method}`, (entry?.[4] ?? old?.[4] ?? "").trim(), []),
    );
  }
  return out;
}

function dedupeCrash(failures: Failure[]): Failure[] {
  const crash = failures.find((f) => f.kind === "crash");
  return crash ? [...failures.filter((f) => f.kind !== "crash"), crash] : failures;
}

function build(
  file: string | null,
  line: number | null,
  test: string | null,
  message: string,
  frames: Failure["frames"],
): Failure {
  return { tool: "maven", kind: "test", file, line, column: null, test, message, rule: null, frames };
}
