// Writes the new ranges of one update group into package.json, keeping the file's indentation and
// key order; the lockfile is then brought in line by npm itself (apply-update-group.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { PlannedUpdate } from "./plan-updates.ts";

const manifest = z.record(z.string(), z.unknown());
const section = z.record(z.string(), z.string());

export function bumpManifest(root: string, updates: readonly PlannedUpdate[]): void {
  const path = join(root, "package.json");
  const text = readFileSync(path, "utf8");
  const json = manifest.parse(JSON.parse(text));
  for (const update of updates) {
    const deps = section.parse(json[update.field]);
    deps[update.name] = update.range.to;
    json[update.field] = deps;
  }
  const indent = /^(\s+)"/m.exec(text)?.[1] ?? "  ";
  writeFileSync(path, `${JSON.stringify(json, null, indent)}${text.endsWith("\n") ? "\n" : ""}`);
}
