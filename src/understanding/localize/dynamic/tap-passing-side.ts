// tap runs a test file as one process, so a failing file's run executes its passing subtests too and
// every function the file touches ties in the spectrum. The same files run once more without the
// failing top-level subtests (`--grep=^(?:names)$ --invert`) give the passing side from those very
// files: what only the failing subtests ran then stands apart from the file's shared set-up and entry
// points. Only a file that declares the failing subtests (`t.test("name", …)` is a symbol of the
// index) and some other top-level block gets the run: else the failure names are not its top-level
// subtests (a file whose assertions sit in one root test), and the run would select nothing and add
// a passing execution of the module loading alone. A "pass" run that fails is recorded, not used.
import type { Failure } from "../../../perception/failure.ts";
import type { CodeIndex } from "../../index/code-index.ts";
import type { TestTarget } from "./filtered-argv.ts";

/** tap prints a subtest's failure as `top-level subtest > … > assertion`. */
const separator = /\s+>\s+/;

export function tapPassingSide(
  failingFiles: readonly TestTarget[],
  failures: readonly Failure[],
  index: Pick<CodeIndex, "symbols">,
): TestTarget[] {
  const tops = new Set<string>();
  for (const f of failures) {
    if (f.kind !== "test" || !f.test || !separator.test(f.test)) continue;
    const name = f.test.split(separator)[0]?.trim();
    if (name) tops.add(name);
  }
  const out: TestTarget[] = [];
  for (const t of failingFiles) {
    if (t.file === null) continue;
    const topLevel = index.symbols.filter((s) => s.file === t.file && s.parent === null);
    const declared = new Set(topLevel.map((s) => s.name));
    const skip = [...tops].filter((name) => declared.has(name));
    // Another block left to run (a `const test = require("tap").test` binding is no block).
    const others = topLevel.some((s) => s.kind === "function" && !tops.has(s.name));
    if (skip.length > 0 && others) out.push({ name: null, file: t.file, skipSubtests: skip });
  }
  return out;
}
