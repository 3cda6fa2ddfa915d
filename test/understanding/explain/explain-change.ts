// What the explain tests share: a repository of `files` committed as the base, `head` written over
// it and committed, then the real index and explainDiff between the two commits. The repository
// is removed after each test of the file that called useExplainChange.
import { afterEach } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { explainDiff } from "../../../src/understanding/explain/explain-diff.ts";
import { makeRepo, type TestRepo } from "../make-repo.ts";

type Files = Record<string, string>;

export function useExplainChange(): (files: Files, head: Files) => ReturnType<typeof explainDiff> {
  let repo: TestRepo | undefined;
  afterEach(() => {
    repo?.cleanup();
    repo = undefined;
  });
  return async (files, head) => {
    repo = makeRepo(files);
    const base = repo.git("rev-parse", "HEAD").trim();
    for (const [path, text] of Object.entries(head)) repo.write(path, text);
    repo.commitAll("change");
    const index = await buildIndex(repo.root, { cache: null });
    return explainDiff({ root: repo.root, base, index });
  };
}

/** The distinct test files listed as reaching a symbol, sorted. */
export const testFiles = (s: { testsReaching: { path: string }[] } | undefined): string[] =>
  [...new Set(s?.testsReaching.map((t) => t.path))].sort();
