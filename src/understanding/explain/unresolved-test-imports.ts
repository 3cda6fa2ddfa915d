// Imports in JS/TS test files that name project code the index could not map to a file: a relative
// path to something not indexed (`../dist/index.mjs`, a build output) or the package's own name
// (`import { hash } from "ohash"`, which Node resolves through package.json `exports`). A test
// behind such an import may run any symbol, so "no test reaches it" cannot be claimed.
import { posix } from "node:path";
import type { CodeIndex } from "../index/code-index.ts";

const codeExtensions = new Set(["", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"]);
const jsLanguages = new Set(["javascript", "typescript", "tsx"]);

/** `file: source` for each such import (the package's names read from its package.json files). */
export function unresolvedTestImports(index: CodeIndex, readText: (file: string) => string | null): string[] {
  const testFiles = new Set(
    index.files.filter((f) => f.isTest && jsLanguages.has(f.language)).map((f) => f.path),
  );
  if (testFiles.size === 0) return [];
  const ownNames = packageNames(index, readText);
  const out: string[] = [];
  for (const ref of index.imports) {
    if (ref.resolved || !testFiles.has(ref.file)) continue;
    const relative = ref.source.startsWith(".") && codeExtensions.has(posix.extname(ref.source));
    const own = ownNames.some((n) => ref.source === n || ref.source.startsWith(`${n}/`));
    if (relative || own) out.push(`${ref.file}: ${ref.source}`);
  }
  return out;
}

function packageNames(index: CodeIndex, readText: (file: string) => string | null): string[] {
  const manifests = new Set([
    "package.json",
    ...index.files.map((f) => posix.join(posix.dirname(f.path), "package.json")),
  ]);
  const names: string[] = [];
  for (const m of manifests) {
    const text = readText(m);
    if (!text) continue;
    try {
      const name: unknown = (JSON.parse(text) as { name?: unknown }).name;
      if (typeof name === "string" && name !== "") names.push(name);
    } catch {
      // A manifest that is not JSON names no package.
    }
  }
  return names;
}
