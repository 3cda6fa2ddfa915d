// An ask-corpus repository at its pinned commit, cloned from its mirror and cleaned, and, for the
// benches that score recall themselves, its code index and config: the set-up every ask bench shares.
import { join } from "node:path";
import { execa } from "execa";
import type { AskRepo } from "./ask-corpus.ts";
import { cloneFromMirror } from "./mirror-clone.ts";
import { readCheckoutConfig } from "../src/cli/read-checkout-config.ts";
import { openRepoIndex } from "../src/understanding/index/open-repo-index.ts";

export async function checkoutAskRepo(mirrors: string, repo: AskRepo, work: string): Promise<string> {
  const dir = await cloneFromMirror(mirrors, repo.repo, join(work, repo.id));
  await execa("git", ["-C", dir, "checkout", "--quiet", "--force", repo.commit]);
  await execa("git", ["-C", dir, "clean", "-fdxq"]);
  return dir;
}

export async function indexedAskRepo(mirrors: string, repo: AskRepo, work: string) {
  const dir = await checkoutAskRepo(mirrors, repo, work);
  const config = readCheckoutConfig(dir, undefined);
  const { index, readLines } = await openRepoIndex(dir, undefined, config);
  return { dir, config, index, readLines };
}
