// The files a JS/TS package offers its users: what package.json's main/module/types/exports/bin
// name (mapped from a build directory back to the source the index holds, `dist/index.js` ->
// `src/index.ts`), and the files those re-export (`export ... from`, `module.exports = require()`,
// a hub's `exports.x = require("./x")`: the index's `ImportRef.reexports`).
import { posix } from "node:path";
import type { CodeIndex, ImportRef } from "../index/code-index.ts";
import { createModuleShapes, type ModuleShapes } from "./module-shapes.ts";
import type { ReadText } from "../index/project-overview.ts";

const entryFields = ["main", "module", "types", "typings", "browser", "exports", "bin"];
const maxDepth = 4;

/** The directory of the package.json nearest to a file ("" for the root); null when there is none. */
export function packageDirOf(file: string, readText: ReadText): string | null {
  for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
    const here = dir === "." ? "" : dir;
    if (readText(posix.join(here, "package.json")) !== null) return here;
    if (here === "") return null;
  }
}

/** Indexed file -> the entry point that exposes it; empty when package.json names none. */
export function packageEntries(index: CodeIndex, readText: ReadText, dir: string): Map<string, string> {
  return new Map([...packageOfferings(index, readText, dir)].map(([file, o]) => [file, o.entry]));
}

export interface Offering {
  /** The entry point through which the file is offered. */
  entry: string;
  /** The names of the file the entries pass on, when only some are (`export { a, b } from "./x"`);
   * null when all its exports are (an entry itself, `export * from`, `module.exports = require()`). */
  names: Set<string> | null;
}

/** Indexed file -> how the package's entry points offer it; empty when package.json names none. */
export function packageOfferings(index: CodeIndex, readText: ReadText, dir: string): Map<string, Offering> {
  const manifest = parseManifest(readText(posix.join(dir, "package.json")));
  const files = new Set(index.files.map((f) => f.path));
  const out = new Map<string, string>();
  const names = new Map<string, Set<string> | null>();
  if (!manifest) return new Map();
  const declared = entryFields.flatMap((field) => strings(manifest[field]));
  if (declared.length === 0 && files.has(posix.join(dir, "index.js"))) declared.push("index.js");
  let frontier: string[] = [];
  for (const entry of declared) {
    const file = sourceOf(posix.join(dir, entry), files);
    if (file && !out.has(file)) {
      out.set(file, entry.replace(/^\.\//, ""));
      names.set(file, null);
      frontier.push(file);
    }
  }
  const shapes = createModuleShapes(readText);
  for (let depth = 0; depth < maxDepth && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const ref of index.imports) {
      if (!ref.resolved || !frontier.includes(ref.file)) continue;
      if (out.has(ref.resolved) && !next.includes(ref.resolved)) continue;
      const text =
        readText(ref.file)
          ?.split("\n")
          .slice(ref.line - 1) ?? [];
      const line = text[0] ?? "";
      const reexported = (ref.reexports ?? []).length > 0;
      if (!reexported && !/^\s*export\b|module\.exports\b/.test(line) && !handedOn(ref, shapes)) continue;
      if (!out.has(ref.resolved)) {
        out.set(ref.resolved, out.get(ref.file) ?? ref.file);
        next.push(ref.resolved);
      }
      names.set(
        ref.resolved,
        joinNames(names.get(ref.resolved), passedOn(text, names.get(ref.file) ?? null)),
      );
    }
    frontier = next;
  }
  return new Map([...out].map(([file, entry]) => [file, { entry, names: names.get(file) ?? null }]));
}

/** What a re-export passes on: the names of `export { a, b as c } from "./x"` (or `export type`),
 * else whatever the re-exporting file is offered with (`export * from`, `module.exports = require()`). */
function passedOn(text: readonly string[], outer: Set<string> | null): Set<string> | null {
  const start = text.join("\n");
  const named = /^\s*export\s+(?:type\s+)?\{([^}]*)\}\s*from\b/.exec(start);
  if (!named) return outer;
  return new Set(
    (named[1] ?? "")
      .split(",")
      .map(
        (n) =>
          n
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0] ?? "",
      )
      .filter((n) => n !== ""),
  );
}

function joinNames(a: Set<string> | null | undefined, b: Set<string> | null): Set<string> | null {
  if (a === undefined) return b;
  if (a === null || b === null) return null;
  return new Set([...a, ...b]);
}

/** `const Range = require("./range")` in a file whose `module.exports` hands `Range` on. */
function handedOn(ref: ImportRef, shapes: ModuleShapes): boolean {
  const shape = shapes.shapeOf(ref.file);
  const handed = new Set([...shape.members.values(), ...(shape.whole ? [shape.whole] : [])]);
  return (ref.bindings ?? []).some((b) => handed.has(b.local));
}

function parseManifest(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null; // an unreadable package.json declares nothing; the exported flag stands
  }
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** `./dist/index.mjs` -> the indexed source file it was built from, when one matches. */
function sourceOf(entry: string, files: ReadonlySet<string>): string | null {
  const clean = entry.replace(/^\.\//, "");
  if (files.has(clean)) return clean;
  const stem = clean.replace(/\.(d\.ts|[cm]?js|[cm]?ts)$/, "");
  const dirs = [
    stem,
    stem.replace(/^(dist|lib|build|out|esm|cjs)\//, "src/"),
    stem.replace(/^(dist|lib|build|out|esm|cjs)\//, ""),
  ];
  for (const d of dirs)
    for (const ext of [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", "/index.ts", "/index.js"])
      if (files.has(`${d}${ext}`)) return `${d}${ext}`;
  return null;
}
