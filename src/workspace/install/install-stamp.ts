// A record Xihe writes into a Python environment after an install it ran completed, holding the hash
// of the file it installed from. pip, uv and poetry leave no record of a completed install of their
// own, and `.venv` alone proves nothing: `python3 -m venv .venv` creates it before pip runs, so a
// failed pip install leaves a `.venv` newer than requirements.txt with half the packages in it.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const stampName = ".xihe-install-stamp";

// Per manager: the environment folder, and the files an install reads, in the order detectInstall
// prefers them (the first present one is what the install used).
const stampedManagers: Record<string, { dir: string; sources: readonly string[] }> = {
  uv: { dir: ".venv", sources: ["uv.lock"] },
  poetry: { dir: ".venv", sources: ["poetry.lock"] },
  pip: { dir: ".venv", sources: ["requirements.txt", "pyproject.toml", "setup.py"] },
};

export function isStampedManager(manager: string): boolean {
  return manager in stampedManagers;
}

/** After a completed install: records what it installed from. A no-op for other managers. */
export function writeInstallStamp(root: string, manager: string): void {
  const digest = sourceDigest(root, manager);
  const layout = stampedManagers[manager];
  if (digest === null || !layout || !existsSync(join(root, layout.dir))) return;
  writeFileSync(join(root, layout.dir, stampName), `${digest}\n`);
}

/** Whether the environment holds a completed install of the current source file. */
export function hasCurrentInstallStamp(root: string, manager: string): boolean {
  const layout = stampedManagers[manager];
  const digest = sourceDigest(root, manager);
  if (!layout || digest === null) return false;
  const stamp = join(root, layout.dir, stampName);
  return existsSync(stamp) && readFileSync(stamp, "utf8").trim() === digest;
}

function sourceDigest(root: string, manager: string): string | null {
  const source = stampedManagers[manager]?.sources.find((s) => existsSync(join(root, s)));
  if (source === undefined) return null;
  return `${source} sha256:${createHash("sha256")
    .update(readFileSync(join(root, source)))
    .digest("hex")}`;
}
