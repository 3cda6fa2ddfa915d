// Code that runs the library rather than being it: examples, docs, benchmarks, scripts and fuzzers,
// recognised by their folder or file name. A folder with such a name inside the library is not
// peripheral (eemeli/yaml's `src/doc/` holds its Document class): the library imports it, and
// nothing the library imports is an example, a benchmark or a script.
import type { CodeIndex } from "./code-index.ts";

const PERIPHERAL =
  /(^|\/)(examples?|docs?|benchmarks?|bench|scripts?|demos?|samples?|fuzz|fuzzers?|fuzzing)\//;
// Benchmarks kept beside the code they measure (`src/parse.bench.ts`, `lib/foo.benchmark.js`): they
// call the function under test by name, so the lexical signals like them as much as the real code.
const PERIPHERAL_FILE = /\.(?:bench|benchmark)\.[cm]?[jt]sx?$/;

/** The path alone says examples, docs, benchmarks, scripts or fuzzers. */
export function namedPeripheral(path: string): boolean {
  return PERIPHERAL.test(path) || PERIPHERAL_FILE.test(path);
}

/** The files named like peripheral code that no library file imports, directly or through others. */
export function peripheralFiles(index: Pick<CodeIndex, "files" | "imports">): Set<string> {
  const named = new Set(index.files.filter((f) => namedPeripheral(f.path)).map((f) => f.path));
  const library = index.files.filter((f) => !f.isTest && !named.has(f.path)).map((f) => f.path);
  const importsOf = new Map<string, string[]>();
  for (const ref of index.imports) {
    if (!ref.resolved || ref.resolved === ref.file) continue;
    const list = importsOf.get(ref.file) ?? [];
    list.push(ref.resolved);
    importsOf.set(ref.file, list);
  }
  const reached = new Set(library);
  for (let queue = [...library]; queue.length > 0;) {
    const file = queue.pop() ?? "";
    for (const imported of importsOf.get(file) ?? [])
      if (!reached.has(imported)) {
        reached.add(imported);
        queue.push(imported);
      }
  }
  return new Set([...named].filter((path) => !reached.has(path)));
}
