// go test names a test file only by its base name under the package import path. The repository path
// is the import path less the module path: known when a `# pkg` block pairs an import path with a
// cwd-relative file, or when the module is on a forge whose module paths are host/owner/repo[/vN].
import type { GoDiagnostic } from "./go-package-diagnostics.ts";

const FORGE = /^((?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)\/[^/]+\/[^/]+)(\/v\d+)?(?:\/|$)/;

export function inferGoModulePath(diagnostics: readonly GoDiagnostic[]): string | null {
  for (const d of diagnostics) {
    if (d.file.startsWith("/") || !d.file.includes("/")) continue;
    const dir = d.file.slice(0, d.file.lastIndexOf("/"));
    if (d.packagePath.endsWith(`/${dir}`)) return d.packagePath.slice(0, -dir.length - 1);
  }
  return null;
}

/** The repository-relative directory of a package, or null when the module path is unknown. */
export function packageDirectory(importPath: string, modulePath: string | null): string | null {
  const module = modulePath ?? forgeModule(importPath);
  if (!module) return null;
  if (importPath === module) return "";
  return importPath.startsWith(`${module}/`) ? importPath.slice(module.length + 1) : null;
}

function forgeModule(importPath: string): string | null {
  const m = FORGE.exec(importPath);
  return m ? `${m[1] ?? ""}${m[2] ?? ""}` : null;
}
