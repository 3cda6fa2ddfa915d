// package.json says what the project needs: every declared package is imported (or run by a script)
// somewhere in the repository's code, and every package the code imports is declared, so nothing
// works only because another package happens to bring it along.
import { builtinModules } from "node:module";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { specifiersOf } from "./module-graph.ts";

const root = resolve(import.meta.dirname, "../..");
const codeDirs = ["src", "bin", "test", "bench", "scripts"];
const rootConfigs = ["eslint.config.js", "vitest.config.ts", "vitest.corpus.config.ts"];

// Declared packages no code imports, each with how it is used instead.
const usedWithoutImport: Record<string, string> = {
  prettier: "the `lint` and `format` scripts run its CLI",
  "@types/node": "tsconfig.json `types: [node]`",
};

const CODE = /\.(ts|mts|mjs|js)$/;

function listCode(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : listCode(path);
    return CODE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`; null for relative and built-in modules. */
function packageOf(spec: string): string | null {
  if (spec.startsWith(".") || spec.startsWith("/") || spec.startsWith("node:")) return null;
  const parts = spec.split("/");
  const name = spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
  return builtinModules.includes(name) ? null : name;
}

function importedPackages(): Map<string, string> {
  const firstUse = new Map<string, string>();
  for (const file of [...codeDirs.flatMap(listCode), ...rootConfigs.filter((f) => existsSync(join(root, f)))])
    for (const { spec } of specifiersOf(file, readFileSync(join(root, file), "utf8"))) {
      const name = packageOf(spec);
      if (name && !firstUse.has(name)) firstUse.set(name, file);
    }
  return firstUse;
}

describe("the dependencies package.json declares", () => {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const declared = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);
  const imported = importedPackages();

  it("are each imported somewhere in src, bin, test, bench or scripts (or listed with their use)", () => {
    const unused = [...declared].filter((name) => {
      if (name in usedWithoutImport) return false;
      // A types package is used when the package it types is imported.
      const typed = name.startsWith("@types/") ? name.slice("@types/".length) : name;
      return !imported.has(typed);
    });
    expect(unused).toEqual([]);
  });

  it("include every package the code imports", () => {
    const undeclared = [...imported].filter(([name]) => !declared.has(name)).map(([n, f]) => `${n} (${f})`);
    expect(undeclared).toEqual([]);
  });

  it("pin exact versions, so a clean install gets what was tested", () => {
    const ranged = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
      .filter(([, v]) => !/^\d+\.\d+\.\d+$/.test(v))
      .map(([n, v]) => `${n}@${v}`);
    expect(ranged).toEqual([]);
  });
});

describe("packageOf", () => {
  it("names the package of a deep or scoped specifier and skips built-ins and relative paths", () => {
    expect(packageOf("@octokit/webhooks")).toBe("@octokit/webhooks");
    expect(packageOf("@repomix/tree-sitter-wasms/package.json")).toBe("@repomix/tree-sitter-wasms");
    expect(packageOf("tsx/esm/api")).toBe("tsx");
    expect(packageOf("node:fs")).toBeNull();
    expect(packageOf("fs")).toBeNull();
    expect(packageOf("../src/cli.ts")).toBeNull();
  });
});
