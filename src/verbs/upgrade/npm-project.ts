// The direct dependencies of an npm project and the versions its lockfile pins: read from
// package.json and package-lock.json (v2/v3 `packages` map). A file that does not parse stops the
// upgrade with a message naming the file, before anything runs.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { UsageError } from "../../errors.ts";
import type { DirectDependency } from "./plan-updates.ts";

export type DependencyField = "dependencies" | "devDependencies" | "optionalDependencies";

const fields: DependencyField[] = ["dependencies", "devDependencies", "optionalDependencies"];
const manifestSchema = z.object(
  Object.fromEntries(fields.map((f) => [f, z.record(z.string(), z.string()).optional()])),
);
const lockSchema = z.object({
  lockfileVersion: z
    .number()
    .int()
    .min(2, "lockfileVersion 1 is not supported; run npm install with npm 7 or later"),
  packages: z.record(z.string(), z.object({ version: z.string().optional() })),
});

export function readNpmProject(root: string): DirectDependency[] {
  const manifest = parseFile(root, "package.json", manifestSchema);
  const lock = existsSync(join(root, "package-lock.json"))
    ? parseFile(root, "package-lock.json", lockSchema)
    : null;
  return fields.flatMap((field) =>
    Object.entries(manifest[field] ?? {}).map(([name, range]) => ({
      name,
      range,
      field,
      locked: lock?.packages[`node_modules/${name}`]?.version ?? null,
    })),
  );
}

function parseFile<T>(root: string, file: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(root, file), "utf8"));
  } catch (err) {
    throw new UsageError(
      `${file} is not valid JSON (${err instanceof Error ? err.message : String(err)}); fix or regenerate it`,
      { cause: err },
    );
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new UsageError(
    `${file}: ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}; fix or regenerate it`,
  );
}
