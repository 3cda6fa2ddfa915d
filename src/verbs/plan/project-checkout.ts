// A project's checkout as plan and context read it: where it is, the commit, the config in force and
// where that config came from; and its code index, built without a persistent cache so that reading
// a project writes nothing into it.
import type { RepoConfig } from "../../config.ts";
import { openRepoIndex, type RepoIndex } from "../../understanding/index/open-repo-index.ts";

export interface ProjectCheckout {
  /** owner/name, as the API names it. */
  repo: string;
  root: string;
  headSha: string;
  config: RepoConfig;
  /** e.g. ".github/xihe.yml of the checkout", or "defaults (no .github/xihe.yml)". */
  configSource: string;
}

export function indexProject(checkout: ProjectCheckout): Promise<RepoIndex> {
  return openRepoIndex(checkout.root, ".", checkout.config, { cache: null });
}

export function configView(checkout: ProjectCheckout): { source: string; values: Record<string, unknown> } {
  return { source: checkout.configSource, values: { ...checkout.config } };
}
