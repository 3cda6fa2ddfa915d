// Loads the tree-sitter runtime, the prebuilt grammars and our query files. One Grammars value
// per process or worker; languages load lazily and are kept for the value's lifetime.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Language, Parser, Query } from "web-tree-sitter";
import { languageSpecs, type LanguageId } from "./languages.ts";

export interface LoadedLanguage {
  id: LanguageId;
  parser: Parser;
  query: Query;
}

export interface Grammars {
  load(id: LanguageId): Promise<LoadedLanguage>;
  /** Frees every parser and query (wasm memory is not garbage collected). */
  close(): void;
}

const queriesDir = join(dirname(fileURLToPath(import.meta.url)), "queries");

function bundleDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@repomix/tree-sitter-wasms/package.json")), "out");
}

export async function readQuerySource(id: LanguageId): Promise<string> {
  const parts = await Promise.all(
    languageSpecs[id].queries.map((f) => readFile(join(queriesDir, f), "utf8")),
  );
  return parts.join("\n");
}

export async function createGrammars(): Promise<Grammars> {
  await Parser.init();
  const dir = bundleDir();
  const loading = new Map<LanguageId, Promise<LoadedLanguage>>();
  const loaded: LoadedLanguage[] = [];
  const loadOne = async (id: LanguageId): Promise<LoadedLanguage> => {
    const language = await Language.load(join(dir, languageSpecs[id].wasm));
    const parser = new Parser();
    parser.setLanguage(language);
    let query: Query;
    try {
      query = new Query(language, await readQuerySource(id));
    } catch (err) {
      throw new Error(`query for ${id} (${languageSpecs[id].queries.join(" + ")}) does not compile`, {
        cause: err,
      });
    }
    const result = { id, parser, query };
    loaded.push(result);
    return result;
  };
  return {
    load(id) {
      let p = loading.get(id);
      if (!p) {
        p = loadOne(id);
        loading.set(id, p);
      }
      return p;
    },
    close() {
      for (const l of loaded) {
        l.query.delete();
        l.parser.delete();
      }
      loaded.length = 0;
      loading.clear();
    },
  };
}
