import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildModuleGraph, findCycles, type ModuleGraph } from "./module-graph.ts";

const root = resolve(import.meta.dirname, "../..");

// Type-only cycles are erased at runtime, so they cannot change load order; these three are
// known and named for follow-up, and any other one fails the test.
const knownTypeOnlyCycles = [
  // run-model-phase takes the FixDeps/FixRequest types that fix-loop declares
  ["src/agent/loop/fix-loop.ts", "src/agent/loop/run-model-phase.ts"],
  // list-files and stat-snapshot share the ListedFile shape
  ["src/understanding/index/list-files.ts", "src/understanding/index/stat-snapshot.ts"],
];

// Capability folders (src/<name>/, or a root file) that import each other both ways.
const knownFolderCycles: string[][] = [];

function folderGraph(graph: ModuleGraph): ModuleGraph {
  const folder = (file: string) => file.split("/")[1]!;
  const out: ModuleGraph = new Map();
  for (const [file, edges] of graph) {
    const from = folder(file);
    const list = out.get(from) ?? [];
    for (const e of edges) if (folder(e.to) !== from) list.push({ to: folder(e.to), typeOnly: e.typeOnly });
    out.set(from, list);
  }
  return out;
}

describe("the module graph of src/", () => {
  const graph = buildModuleGraph(root);

  it("has no import cycle at runtime", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(findCycles(graph)).toEqual([]);
  });

  it("has no type-only cycle beyond the known ones", () => {
    const sorted = (cycles: string[][]) => cycles.map((c) => c.join(" ")).sort();
    expect(sorted(findCycles(graph, { includeTypeOnly: true }))).toEqual(sorted(knownTypeOnlyCycles));
  });

  it("has no cycle between capability folders beyond the known ones", () => {
    const sorted = (cycles: string[][]) => cycles.map((c) => c.join(" ")).sort();
    expect(sorted(findCycles(folderGraph(graph), { includeTypeOnly: true }))).toEqual(
      sorted(knownFolderCycles),
    );
  });
});

describe("findCycles", () => {
  const graph = (edges: [string, string, boolean?][]): ModuleGraph => {
    const g: ModuleGraph = new Map();
    for (const [from, to, typeOnly] of edges) {
      g.set(from, [...(g.get(from) ?? []), { to, typeOnly: typeOnly ?? false }]);
      if (!g.has(to)) g.set(to, []);
    }
    return g;
  };

  it("finds a deliberately introduced cycle, and only the modules on it", () => {
    const g = graph([
      ["verbs/fix.ts", "agent/loop.ts"],
      ["agent/loop.ts", "agent/step.ts"],
      ["agent/step.ts", "verbs/fix.ts"],
      ["agent/step.ts", "store/store.ts"],
      ["cli.ts", "verbs/fix.ts"],
    ]);
    expect(findCycles(g)).toEqual([["agent/loop.ts", "agent/step.ts", "verbs/fix.ts"]]);
  });

  it("finds a module importing itself", () => {
    expect(findCycles(graph([["a.ts", "a.ts"]]))).toEqual([["a.ts"]]);
  });

  it("ignores a cycle closed only by a type-only import unless asked", () => {
    const g = graph([
      ["a.ts", "b.ts"],
      ["b.ts", "a.ts", true],
    ]);
    expect(findCycles(g)).toEqual([]);
    expect(findCycles(g, { includeTypeOnly: true })).toEqual([["a.ts", "b.ts"]]);
  });

  it("reports an acyclic graph as clean", () => {
    expect(
      findCycles(
        graph([
          ["a.ts", "b.ts"],
          ["b.ts", "c.ts"],
          ["a.ts", "c.ts"],
        ]),
      ),
    ).toEqual([]);
  });
});
