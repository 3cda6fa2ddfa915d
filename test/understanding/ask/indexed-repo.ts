// What the ask recall tests share: a small repository written from `files`, indexed with real
// tree-sitter, and a line reader over it; removed after each test of the file that called
// useIndexedRepo.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { recall } from "../../../src/understanding/ask/recall.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";

export function useIndexedRepo() {
  let repo: TestRepo | undefined;
  afterEach(() => {
    repo?.cleanup();
    repo = undefined;
  });
  return async (files: Record<string, string>) => {
    repo = makeRepo(files);
    const index = await buildIndex(repo.root, { cache: null });
    const root = repo.root;
    return { index, readLines: (p: string) => readFileSync(join(root, p), "utf8").split("\n") };
  };
}

/** The qualified names of what recall returned, in rank order. */
export const names = (r: ReturnType<typeof recall>): string[] => r.map((x) => x.symbol.qualifiedName);
