// Go panic traces: `goroutine N [state]:` then pairs of a function line and a tab-indented
// `path.go:line +0x..` line, innermost call first. Frames in GOROOT (testing, runtime) or the module
// cache are external.
import type { Frame } from "../failure.ts";
import type { ParseContext } from "./log-parser.ts";

const GOROUTINE = /^goroutine \d+ \[.+\]:$/;
const LOCATION = /^\t(\S.*?\.go):(\d+)(?: \+0x[0-9a-f]+)?$/;
const RUNTIME_FUNCTION = /^(?:testing\.|runtime\.|panic\(|created by |main\.main\(|time\.|sync\.|reflect\.)/;

export interface Goroutine {
  frames: Frame[];
}

/** Reads the goroutine traces of one panic block (the caller cuts the block out of the log). */
export function readGoroutines(block: readonly string[], context: ParseContext): Goroutine[] {
  const goroutines: Goroutine[] = [];
  let current: Goroutine | null = null;
  let fn: string | null = null;
  for (const line of block) {
    if (GOROUTINE.test(line)) {
      current = { frames: [] };
      goroutines.push(current);
      continue;
    }
    if (!current) continue;
    const at = LOCATION.exec(line);
    if (!at) {
      if (/^\S/.test(line)) fn = line;
      continue;
    }
    const printed = at[1] ?? "";
    const external =
      context.isExternal(printed) ||
      /\/src\/(?:testing|runtime|time|sync|reflect)\//.test(printed) ||
      printed.endsWith("_testmain.go") ||
      RUNTIME_FUNCTION.test(fn ?? "");
    current.frames.push({ file: context.toRepoPath(printed), line: Number(at[2]), function: fn, external });
  }
  return goroutines;
}

/** `pkg.TestName(...)` -> `TestName` for a frame that is a test function. */
export function testFunctionName(frame: Frame): string | null {
  const m = /\.((?:Test|Benchmark|Fuzz|Example)\w*)\(/.exec(frame.function ?? "");
  return m?.[1] ?? null;
}
