// Dead code check (issue 10 item 8): every module of src/ is loaded by one of the programs in bin/
// (the CLI, the App), through static or dynamic imports or a file loaded by URL (worker boot files).
// A module reached only from tests is either wired into a run path or deleted.
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildModuleGraph, listSourceFiles, reachableFrom } from "./module-graph.ts";

const root = resolve(import.meta.dirname, "../..");

// Modules no program loads yet, each named for the issue that wires it. Remove an entry when its
// module is wired (the test then fails if it is listed but reachable, so the list cannot go stale).
// Empty since issue 10 item 8: a new entry needs a comment saying which issue wires it and why not yet.
const notYetWired: Record<string, string> = {};

const binEntries = readdirSync(resolve(root, "bin"))
  .filter((f) => f.endsWith(".js"))
  .map((f) => `bin/${f}`);

describe("reachability of src/ from bin/", () => {
  const graph = buildModuleGraph(root);
  const reached = reachableFrom(root, binEntries, graph);

  it("reaches the entry points of both programs", () => {
    expect(reached).toContain("src/cli.ts");
    expect(reached).toContain("src/server/start-app.ts");
  });

  it("has no src/ module that only tests load", () => {
    const unreachable = listSourceFiles(root).filter((f) => !reached.has(f) && !(f in notYetWired));
    expect(unreachable).toEqual([]);
  });

  it("lists no module as not yet wired once it is", () => {
    expect(Object.keys(notYetWired).filter((f) => reached.has(f))).toEqual([]);
  });
});

describe("reachableFrom", () => {
  it("follows a worker's boot file loaded by URL, and not a file nobody names", () => {
    const graph = buildModuleGraph(root);
    const reached = reachableFrom(root, ["src/understanding/index/parse-pool.ts"], graph);
    expect(reached).toContain("src/typescript-worker-boot.mjs");
    expect(reached).toContain("src/understanding/index/parse-worker.ts");
    expect(reached).not.toContain("src/cli.ts");
  });
});
