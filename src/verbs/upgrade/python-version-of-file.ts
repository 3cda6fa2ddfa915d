// The version in a distribution file's name: a wheel's second dash-separated field (PEP 427), or the
// rest of an sdist's name after the project's (legacy sdists may keep dashes in the project part).
// Eggs and anything not a valid PEP 440 version give null.
import { valid } from "@renovatebot/pep440";
import { normalizePythonName } from "./python-requirement.ts";

const sdist = /\.(?:tar\.gz|tar\.bz2|tar\.xz|zip|tgz)$/i;

export function pythonVersionOfFile(filename: string, project: string): string | null {
  if (filename.endsWith(".whl")) return checked(filename.split("-")[1]);
  if (!sdist.test(filename)) return null;
  const stem = filename.replace(sdist, "");
  const wanted = normalizePythonName(project);
  for (let at = stem.indexOf("-"); at !== -1; at = stem.indexOf("-", at + 1))
    if (normalizePythonName(stem.slice(0, at)) === wanted) return checked(stem.slice(at + 1));
  return null;
}

function checked(version: string | undefined): string | null {
  return version !== undefined && valid(version) !== null ? version : null;
}
