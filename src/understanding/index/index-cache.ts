// The persistent parse cache: one row per (blob SHA, language) holding the FileOutcome as JSON, in
// a SQLite file outside git. An open cache also keeps, for its lifetime, the decoded outcomes,
// the loaded grammars and the last index built per root, so repeated builds in one process skip
// the database and the wasm start-up entirely.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { Assembly } from "./assemble-index.ts";
import type { CodeIndex } from "./code-index.ts";
import type { FileOutcome } from "./file-parse.ts";
import { createGrammars, type Grammars } from "./grammars.ts";
import type { ListingMemo } from "./list-files.ts";

export interface IndexCache {
  /** Cached outcomes for these keys (`${blobSha}:${language}`); misses are absent. */
  getMany(keys: readonly string[]): Map<string, FileOutcome>;
  putMany(entries: ReadonlyMap<string, FileOutcome>): void;
  grammars(): Promise<Grammars>;
  /** Per-root memory of the previous build, for the no-change path. */
  previous: Map<string, { listingKey: string; index: CodeIndex; assembly: Assembly }>;
  listingMemo(root: string): ListingMemo;
  close(): void;
}

/**
 * Opens (creating if needed) the cache at `path`, or an in-memory one with `path = null`.
 * `version` identifies the extractor and queries; rows written by another version are dropped.
 */
export function openIndexCache(path: string | null, version: string): IndexCache {
  if (path) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path ?? ":memory:");
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(`create table if not exists meta (key text primary key, value text not null);
    create table if not exists outcomes (key text primary key, payload text not null);`);
  const stored = db.prepare<[], { value: string }>("select value from meta where key = 'version'").get();
  if (stored?.value !== version) {
    db.exec("delete from outcomes");
    db.prepare("insert or replace into meta (key, value) values ('version', ?)").run(version);
  }
  const select = db.prepare<[string], { payload: string }>("select payload from outcomes where key = ?");
  const insert = db.prepare("insert or replace into outcomes (key, payload) values (?, ?)");
  const insertAll = db.transaction((entries: ReadonlyMap<string, FileOutcome>) => {
    for (const [key, outcome] of entries) insert.run(key, JSON.stringify(outcome));
  });
  const memo = new Map<string, FileOutcome>();
  const listings = new Map<string, ListingMemo>();
  let grammars: Promise<Grammars> | null = null;
  return {
    getMany(keys) {
      const found = new Map<string, FileOutcome>();
      for (const key of keys) {
        let outcome = memo.get(key);
        if (!outcome) {
          const row = select.get(key);
          if (!row) continue;
          outcome = JSON.parse(row.payload) as FileOutcome;
          memo.set(key, outcome);
        }
        found.set(key, outcome);
      }
      return found;
    },
    putMany(entries) {
      insertAll(entries);
      for (const [key, outcome] of entries) memo.set(key, outcome);
    },
    grammars() {
      grammars ??= createGrammars();
      return grammars;
    },
    previous: new Map(),
    listingMemo(root) {
      let m = listings.get(root);
      if (!m) {
        m = { dirty: new Map() };
        listings.set(root, m);
      }
      return m;
    },
    close() {
      db.close();
      void grammars?.then((g) => g.close());
    },
  };
}
