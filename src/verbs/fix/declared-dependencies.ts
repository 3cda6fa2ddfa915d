// The dependencies a repository declares (package.json, requirements*.txt), so reproduction can tell
// "a declared dependency did not load" (the sandbox's environment) from "the code imports something
// that does not exist" (the code's fault).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const manifestKeys = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"];

export function declaredDependencies(root: string): string[] {
  return [...new Set([...npmDependencies(root), ...pipRequirements(root)])];
}

function npmDependencies(root: string): string[] {
  const text = readOptional(join(root, "package.json"));
  if (text === null) return [];
  try {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    return manifestKeys.flatMap((key) => {
      const deps = manifest[key];
      return deps && typeof deps === "object" ? Object.keys(deps) : [];
    });
  } catch {
    // An unreadable manifest declares nothing here; the install phase reports it as config.
    return [];
  }
}

// Python imports use the distribution name in most projects ("requests"); normalised as pip does.
function pipRequirements(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(root).filter((n) => /^requirements.*\.txt$/.test(n));
  } catch {
    return [];
  }
  return names.flatMap((name) =>
    (readOptional(join(root, name)) ?? "")
      .split("\n")
      .map((line) => /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(line)?.[1])
      .filter((dep): dep is string => Boolean(dep))
      .map((dep) => dep.toLowerCase().replace(/-/g, "_")),
  );
}

function readOptional(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}
