import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
// EXPERIMENT (session 33, s33-askexpand; reverted): README/docs blocks that name an identifier in code
// form (`name`, name() give their words to every non-test symbol of that name, when the block names
// at most PROSE_MAX of them.
export function proseWords(dir: string, index: any, split: (t: string) => string[], maxNames = Number(process.env["PROSE_MAX"] ?? "3")): Map<string, string[]> {
  const files = execFileSync("git", ["-C", dir, "ls-files"], { encoding: "utf8" }).split("\n")
    .filter((f) => /\.(md|rst|markdown|txt)$/i.test(f) && !/(^|\/)(CHANGELOG|HISTORY|CHANGES|LICENSE|node_modules)/i.test(f));
  const testFiles = new Set(index.files.filter((f: any) => f.isTest).map((f: any) => f.path));
  const byName = new Map<string, string[]>();
  for (const s of index.symbols) if (!testFiles.has(s.file) && s.kind !== "variable" && s.kind !== "constant" && s.kind !== "module") byName.set(s.name, [...(byName.get(s.name) ?? []), s.id]);
  const out = new Map<string, string[]>();
  for (const f of files) {
    const text = readFileSync(join(dir, f), "utf8");
    for (const block of text.split(/\n\s*\n|\n(?=\s*[-*+] )/)) {
      const code = [...block.matchAll(/`+([^`]+)`+|([A-Za-z_$][\w$.]*)\(/g)].flatMap((m) => [...(m[1] ?? m[2] ?? "").matchAll(/[A-Za-z_$][\w$]*/g)].map((x) => x[0]));
      const names = [...new Set(code.filter((n) => n.length >= 3 && byName.has(n)))];
      if (names.length === 0 || names.length > maxNames) continue;
      const words = split(block.replace(/`[^`]*`/g, " "));
      for (const n of names) for (const id of byName.get(n)!) out.set(id, [...(out.get(id) ?? []), ...words]);
    }
  }
  return out;
}
