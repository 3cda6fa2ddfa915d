// Functions of one file and executions over it, for the spectrum tests: a function spans lines,
// an execution says which of the file's lines ran and whether it failed.
import type { CodeSymbol } from "../../../../../src/understanding/index/code-index.ts";
import type { Execution } from "../../../../../src/understanding/localize/dynamic/spectrum-signal.ts";

export function fn(name: string, startLine: number, endLine: number): CodeSymbol {
  return {
    id: `src/a.js#${name}`,
    name,
    qualifiedName: name,
    kind: "function",
    file: "src/a.js",
    startLine,
    endLine,
  } as CodeSymbol;
}

export function ran(failed: boolean, lines: number[], tests = 1): Execution {
  return {
    failed,
    tests,
    coverage: new Map([["src/a.js", { lines: new Set(lines), functionNames: new Set() }]]),
  };
}
