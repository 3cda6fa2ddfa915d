// Which test files executed a symbol, by per-test-file coverage: a function or method when a line
// of its body ran, or when a transformed module's coverage names it (an accessor as `get x`/`set x`);
// a class when one of its methods ran, or a line of its body when it has none. The lines before the
// body run when the module defines the function, so every test that imports it runs them: the first
// line, decorators above it and the rest of a multi-line signature (Python evaluates annotations and
// defaults there, `def f(\n    role: Type[Sentinel],\n) -> None:`). They do not count; nor does the
// line of a one-line JavaScript function, which holds the code defining it too (its V8 name decides).
import type { CodeSymbol } from "../../index/code-index.ts";
import { ranByName } from "../../localize/dynamic/ran-by-name.ts";
import type { FileCoverage } from "../../localize/dynamic/v8-coverage-lines.ts";
import type { TestCoverageMap } from "./test-coverage-map.ts";

/** Files whose coverage is V8's (JavaScript, TypeScript), which names the functions that ran. */
const v8Source = /\.[cm]?[jt]sx?$/;

export function testsCovering(
  map: TestCoverageMap,
  symbol: CodeSymbol,
  members: readonly CodeSymbol[],
): string[] {
  const out: string[] = [];
  for (const [test, run] of map.tests) {
    const file = run.coverage.get(symbol.file);
    if (!file) continue;
    const ran =
      symbol.kind === "class" && members.length > 0
        ? members.some((m) => executed(file, m))
        : executed(file, symbol);
    if (ran) out.push(test);
  }
  return out.sort();
}

function executed(file: FileCoverage, symbol: CodeSymbol): boolean {
  if (ranByName(file.functionNames, symbol.name, symbol.qualifiedName)) return true;
  if (symbol.startLine === symbol.endLine) {
    if (symbol.kind === "class") return false;
    // A one-line function's line is also the module code that defines it (`export const f = (x) =>
    // x * 2;`), which every test loading the module runs. V8 counts each function by itself and
    // names it (`exports.f` for `exports.f = function`): then the name decides.
    if ((symbol.kind === "function" || symbol.kind === "method") && v8Source.test(symbol.file))
      return [...file.functionNames].some((n) => n.endsWith(`.${symbol.name}`));
    return file.lines.has(symbol.startLine);
  }
  const body = Math.max(symbol.startLine + 1, symbol.bodyLine ?? 0);
  for (let line = body; line <= symbol.endLine; line++) if (file.lines.has(line)) return true;
  return false;
}
