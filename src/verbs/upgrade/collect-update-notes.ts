// Release notes and impact of each planned update, with no model: the changelog sections crossed
// (breaking and deprecation lines pulled out) and, from the code index of the project, where the
// package is imported and each imported symbol is called, changelog-mentioned symbols first.
import type { Logger } from "../../logger.ts";
import type { CodeIndex } from "../../understanding/index/code-index.ts";
import { findPackageUses, type PackageUses } from "./find-package-uses.ts";
import type { UpgradePlan } from "./plan-updates.ts";
import { trimChangelog, type TrimmedChangelog } from "./trim-changelog.ts";

export interface UpdateNotes {
  group: string;
  name: string;
  from: string;
  to: string;
  changelog: TrimmedChangelog | null;
  /** Why there is no changelog, when there is none. */
  changelogMissing: string | null;
  uses: PackageUses;
}

export interface NotesDeps {
  /** The changelog text the new version ships; null when it ships none. */
  readChangelog: (name: string, version: string) => Promise<string | null>;
  /** The module names code imports the package by. */
  importNames: (name: string) => string[];
  index: Pick<CodeIndex, "imports" | "calls">;
  log: Pick<Logger, "warn">;
}

const concurrency = 8;

export async function collectUpdateNotes(deps: NotesDeps, plan: UpgradePlan): Promise<UpdateNotes[]> {
  const updates = plan.groups.flatMap((g) => g.updates.map((u) => ({ group: g.id, u })));
  const out: UpdateNotes[] = new Array<UpdateNotes>(updates.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < updates.length; i = next++) {
      const { group, u } = updates[i]!;
      const { changelog, missing } = await crossedChangelog(deps, u);
      out[i] = {
        group,
        name: u.name,
        from: u.from,
        to: u.to,
        changelog,
        changelogMissing: missing,
        uses: findPackageUses(deps.index, deps.importNames(u.name), changelog?.text ?? ""),
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, updates.length) }, worker));
  return out;
}

async function crossedChangelog(
  deps: NotesDeps,
  u: { name: string; from: string; to: string },
): Promise<{ changelog: TrimmedChangelog | null; missing: string | null }> {
  let text: string | null;
  try {
    text = await deps.readChangelog(u.name, u.to);
  } catch (err) {
    // The notes help review; the upgrade does not depend on them.
    deps.log.warn({ err, name: u.name }, "could not read the package's changelog");
    return { changelog: null, missing: `could not read ${u.name}@${u.to} from the registry` };
  }
  if (text === null) return { changelog: null, missing: `${u.name}@${u.to} ships no changelog file` };
  const changelog = trimChangelog(text, u);
  return changelog === null
    ? { changelog: null, missing: `the changelog names no version after ${u.from} up to ${u.to}` }
    : { changelog, missing: null };
}
