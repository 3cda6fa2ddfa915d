// Writes the new specifiers of one update group into requirements.txt and pyproject.toml, changing
// only the requirement itself: comments, extras, markers, quoting and every other line stay as
// written. pip then installs the result (apply-python-update-group.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PlannedUpdate } from "./plan-updates.ts";
import { requirementOfLine } from "./python-project.ts";
import {
  normalizePythonName,
  parsePythonRequirement,
  withSpecifier,
  type PythonRequirement,
} from "./python-requirement.ts";

export function rewritePythonRequirements(root: string, updates: readonly PlannedUpdate[]): void {
  for (const file of new Set(updates.map((u) => u.field))) {
    const mine = updates.filter((u) => u.field === file);
    const path = join(root, file);
    const text = readFileSync(path, "utf8");
    const written = new Set<PlannedUpdate>();
    const rewrite = (req: PythonRequirement): string | null => {
      const update = mine.find(
        (u) =>
          normalizePythonName(u.name) === normalizePythonName(req.name) && u.range.from === req.specifier,
      );
      if (!update) return null;
      written.add(update);
      return withSpecifier(req, update.range.to);
    };
    const next = file === "requirements.txt" ? rewriteLines(text, rewrite) : rewriteStrings(text, rewrite);
    const missed = mine.filter((u) => !written.has(u));
    if (missed.length > 0)
      throw new Error(`${file} no longer has ${missed.map((u) => `${u.name}${u.range.from}`).join(", ")}`);
    writeFileSync(path, next);
  }
}

type Rewrite = (req: PythonRequirement) => string | null;

function rewriteLines(text: string, rewrite: Rewrite): string {
  return text
    .split("\n")
    .map((line) => {
      const req = requirementOfLine(line);
      const next = req ? rewrite(req) : null;
      if (next === null) return line;
      // The requirement is what precedes an inline comment; indentation and comment stay.
      const comment = /\s+#.*$/.exec(line)?.[0] ?? "";
      const indent = /^\s*/.exec(line)?.[0] ?? "";
      return `${indent}${next}${comment}`;
    })
    .join("\n");
}

// TOML basic and literal strings that hold a requirement; the rest of the file is left untouched.
function rewriteStrings(text: string, rewrite: Rewrite): string {
  return text.replace(/"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'/g, (whole, basic?: string, literal?: string) => {
    const inner = basic ?? literal ?? "";
    const req = parsePythonRequirement(inner);
    const next = req && req.specifier !== "" ? rewrite(req) : null;
    if (next === null) return whole;
    return basic !== undefined ? `"${next}"` : `'${next}'`;
  });
}
