// A method the failing tests reach only to read their result is no evidence of the fault. `assert
// url(x)` calls `ValidationError.__bool__` only when the validator wrongly returns its failure value,
// so coverage gives `__bool__` a perfect score; pytest's failure report calls the result's
// `__repr__` only in failing tests. Python's tracer records who called each function: a method every
// failing run called only from a test line that does not name it (nor its class), or with no
// repository frame on the stack (the test framework's report), read a result the code under test
// made. The caller is the nearest repository frame: the standard library between is skipped
// (`functools.total_ordering` calling the code's own `__ge__` is the code's call, `assertEqual` the
// test's). A failing test named for the method (`test_eq_hash`) is about it: not damped. Its spectrum is
// damped, not dropped: the same shape is a fault in `__eq__` read by `assert a == b`. A method the
// test names (`repr(ptr)` for `__repr__`, `str(e)` for `__str__`, `Foo(x)` for `Foo.__init__`) is
// what the test is about and keeps its score. V8 coverage names no caller, so JS is unaffected.
import type { CodeSymbol } from "../../index/code-index.ts";
import type { SignalScores } from "../localize-signal.ts";
import type { Execution } from "./spectrum-signal.ts";
import { CALLER_SITES, OUTSIDE } from "./v8-coverage-lines.ts";
import { escapeRegExp } from "../../../escape-regexp.ts";

/** The spectrum strength of a result read is multiplied by this. */
export const RESULT_READ_DAMPING = 0.5;

// A decorated function's code starts at its first decorator, above the symbol's start when the index
// starts it at `def`.
const DECORATOR_SPAN = 20;

/** Methods whose every call in the failing executions read a result (see the top). */
export function resultReads(
  executions: readonly Execution[],
  candidates: readonly CodeSymbol[],
  isTest: (file: string) => boolean,
  readText: (file: string) => string | null,
  failingTests: readonly string[] = [],
): Set<string> {
  const testWords = failingTests.map((name) => `_${name.toLowerCase().replace(/[^a-z0-9]+/g, "_")}_`);
  const failing = executions.filter((e) => e.failed);
  const lines = new Map<string, string[] | null>();
  const lineOf = (file: string, line: number): string | null => {
    if (!lines.has(file)) lines.set(file, readText(file)?.split("\n") ?? null);
    return lines.get(file)?.[line - 1] ?? null;
  };
  const out = new Set<string>();
  for (const symbol of candidates) {
    if (symbol.kind !== "method" || isTest(symbol.file)) continue;
    // A failing test named for the method (`test_eq_hash` for `__eq__`) is about it.
    const bare = `_${symbol.name.replace(/^_+|_+$/g, "").toLowerCase()}_`;
    if (bare !== "__" && testWords.some((words) => words.includes(bare))) continue;
    const sites = new Set<string>();
    let known = true;
    for (const e of failing) {
      const callers = e.coverage.get(symbol.file)?.callers;
      if (!callers) continue;
      const own = callersOf(callers, symbol);
      if (own === null) continue;
      if (own.size >= CALLER_SITES) known = false;
      for (const site of own) sites.add(site);
    }
    if (!known || sites.size === 0) continue;
    const spelled = spellings(symbol);
    const reads = [...sites].every((site) => {
      if (site === OUTSIDE) return true;
      const at = site.lastIndexOf(":");
      const file = site.slice(0, at);
      if (!isTest(file)) return false;
      const text = lineOf(file, Number(site.slice(at + 1)));
      return text !== null && !spelled.some((word) => word.test(text));
    });
    if (reads) out.add(symbol.id);
  }
  return out;
}

/** `spectrum` with the result reads of the failing runs damped: how `xihe locate --run` reads it,
 * and the benches re-ranking its saved runs with it. */
export function dampedForResultReads(
  spectrum: SignalScores,
  executions: readonly Execution[],
  candidates: readonly CodeSymbol[],
  isTest: (file: string) => boolean,
  readText: (file: string) => string | null,
  failures: readonly { test: string | null }[],
): SignalScores {
  const failingTests = failures.flatMap((f) => (f.test ? [f.test] : []));
  return dampResultReads(spectrum, resultReads(executions, candidates, isTest, readText, failingTests));
}

/** The spectrum with every result read's strength damped and its `why` saying so. */
export function dampResultReads(signal: SignalScores, reads: ReadonlySet<string>): SignalScores {
  if (reads.size === 0) return signal;
  return new Map(
    [...signal].map(([id, hit]) =>
      reads.has(id)
        ? [
            id,
            {
              strength: Number((hit.strength * RESULT_READ_DAMPING).toFixed(4)),
              detail: `${hit.detail}, damped: the failing tests only read their result with it (called from test lines that do not name it, or from the test framework)`,
            },
          ]
        : [id, hit],
    ),
  );
}

// The callee whose code starts at or just above the symbol's first line with its name.
function callersOf(callers: ReadonlyMap<string, Set<string>>, symbol: CodeSymbol): Set<string> | null {
  let best: { first: number; sites: Set<string> } | null = null;
  for (const [key, sites] of callers) {
    const at = key.indexOf(":");
    const first = Number(key.slice(0, at));
    if (key.slice(at + 1) !== symbol.name) continue;
    if (first > (symbol.bodyLine ?? symbol.startLine) || first < symbol.startLine - DECORATOR_SPAN) continue;
    if (!best || first > best.first) best = { first, sites };
  }
  return best?.sites ?? null;
}

// The method's name without dunder underscores (`__repr__` is spelled `repr(`) and its class's.
function spellings(symbol: CodeSymbol): RegExp[] {
  const parts = symbol.qualifiedName.split(".");
  const words = [
    symbol.name.replace(/^_+|_+$/g, ""),
    ...(parts.length > 1 ? [parts[parts.length - 2]!] : []),
  ];
  return words.filter((w) => w !== "").map((w) => new RegExp(`\\b${escapeRegExp(w)}\\b`));
}
