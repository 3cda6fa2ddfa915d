// The words of an ignore rule, as `/xihe ignore` on the App and `xihe ignore` on the command line take
// them: a package name, then optionally major, minor or one version.
import type { UpgradeIgnore } from "../store/store.ts";

const packageName = /^(@[a-z0-9][\w.-]*\/)?[A-Za-z0-9][\w.-]*$/;

/** `<name> [major|minor|<version>]` of `/xihe ignore` (and `xihe ignore`). */
export function parseIgnoreArgs(
  args: string,
): { name: string; scope: UpgradeIgnore["scope"]; version: string | null } | { problem: string } {
  const [name, qualifier, ...rest] = args.split(/\s+/).filter((w) => w !== "");
  if (name === undefined) return { problem: "`/xihe ignore` needs the package name" };
  if (!packageName.test(name) || name.length > 214)
    return { problem: `${JSON.stringify(name.slice(0, 80))} is not a package name` };
  if (rest.length > 0)
    return { problem: "`/xihe ignore` takes a name and at most one of major, minor or a version" };
  if (qualifier === undefined) return { name, scope: "all", version: null };
  const q = qualifier.toLowerCase();
  if (q === "major" || q === "minor") return { name, scope: q, version: null };
  if (/^v?\d+(\.[0-9A-Za-z+-]+)*$/.test(qualifier))
    return { name, scope: "version", version: qualifier.replace(/^v/, "") };
  return { problem: `${JSON.stringify(qualifier.slice(0, 40))} is neither major, minor nor a version` };
}
