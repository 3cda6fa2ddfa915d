// Finds the identifier uses of a set of names across the indexed files of the head: only files
// whose text contains one of the names are parsed, each once, whatever the number of symbols.
import type { CodeIndex } from "../index/code-index.ts";
import type { Grammars } from "../index/grammars.ts";
import { languageOf } from "../index/languages.ts";
import { readRepoFile } from "../read-repo-file.ts";
import { identifierUses, type IdentifierUse } from "./identifier-uses.ts";

// Languages whose identifier positions identifier-uses.ts knows; the others keep call edges only.
const scanned = new Set(["javascript", "typescript", "tsx", "python"]);

export async function scanUses(
  root: string,
  index: CodeIndex,
  grammars: Grammars,
  wanted: ReadonlySet<string>,
): Promise<Map<string, IdentifierUse[]>> {
  const out = new Map<string, IdentifierUse[]>();
  if (wanted.size === 0) return out;
  const pattern = new RegExp([...wanted].map((w) => w.replace(/[$]/g, "\\$")).join("|"));
  for (const file of index.files) {
    const language = languageOf(file.path);
    if (!language || !scanned.has(language)) continue;
    const text = readRepoFile(root, file.path)?.toString("utf8");
    if (!text || !pattern.test(text)) continue;
    const uses = identifierUses(await grammars.load(language), text, wanted);
    if (uses.length > 0) out.set(file.path, uses);
  }
  return out;
}
