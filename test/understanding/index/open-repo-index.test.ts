import { afterEach, describe, expect, it } from "vitest";
import { mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { defaultRepoConfig } from "../../../src/config.ts";
import { openRepoIndex } from "../../../src/understanding/index/open-repo-index.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";
import { scratchDir } from "../../support/scratch-dir.ts";

let repo: TestRepo;
let outside: string;
afterEach(() => {
  repo.cleanup();
  rmSync(outside, { recursive: true, force: true });
});

const files = { "src/a.js": "export function add(a, b) {\n  return a + b;\n}\n" };

function plantSqlite(path: string): void {
  const db = new Database(path);
  db.exec(`create table meta (key text primary key, value text not null);
    create table outcomes (key text primary key, payload text not null);
    insert into meta values ('version', 'someone-elses');
    insert into outcomes values ('k', '{"precious":true}');`);
  db.close();
}

function outcomeRows(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare<[], { n: number }>("select count(*) as n from outcomes").get()!.n;
  } finally {
    db.close();
  }
}

describe("openRepoIndex's cache in the checkout", () => {
  it("A44: a committed .xihe symlink to a directory outside is refused; nothing is created or deleted there", async () => {
    outside = scratchDir("xihe-outside-");
    plantSqlite(join(outside, "index-cache.sqlite"));
    repo = makeRepo(files);
    symlinkSync(outside, join(repo.root, ".xihe"));
    repo.commitAll("link .xihe out");
    const before = readdirSync(outside).sort();

    await expect(openRepoIndex(repo.root, ".", defaultRepoConfig)).rejects.toThrow(
      /^index_cache_refused: .*\.xihe is a symlink; remove it from the checkout, or pass --cache <file>/,
    );
    expect(readdirSync(outside).sort()).toEqual(before);
    expect(outcomeRows(join(outside, "index-cache.sqlite"))).toBe(1);
  });

  it("A44: a SQLite side file in .xihe linked outside is refused before SQLite opens it", async () => {
    outside = scratchDir("xihe-outside-");
    repo = makeRepo(files);
    mkdirSync(join(repo.root, ".xihe"));
    symlinkSync(join(outside, "planted-wal"), join(repo.root, ".xihe", "index-cache.sqlite-wal"));

    await expect(openRepoIndex(repo.root, ".", defaultRepoConfig)).rejects.toThrow(
      /^index_cache_refused: .*index-cache\.sqlite-wal is a symlink/,
    );
    expect(readdirSync(outside)).toEqual([]);
  });

  it("creates .xihe as a real directory and caches there when it is absent", async () => {
    outside = scratchDir("xihe-outside-");
    repo = makeRepo(files);
    const opened = await openRepoIndex(repo.root, ".", defaultRepoConfig);
    expect(opened.index.files.map((f) => f.path)).toEqual(["src/a.js"]);
    expect(readdirSync(join(repo.root, ".xihe"))).toContain("index-cache.sqlite");
  });
});
