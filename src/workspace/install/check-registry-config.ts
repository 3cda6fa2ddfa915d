// Repo-local package-manager config (.npmrc, .yarnrc(.yml), pip.conf, .mvn/settings.xml) can point
// the install at an attacker's registry (A28). The install phase runs only when every registry the
// repository names is on the allow-list; otherwise it stops with `untrusted_registry`.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type RegistryCheck = { ok: true } | { ok: false; code: "untrusted_registry"; reason: string };

// Each file and the settings in it that name a registry URL.
const sources: { file: string; pattern: RegExp }[] = [
  { file: ".npmrc", pattern: /^\s*(?:@[\w.-]+:)?registry\s*=\s*(\S+)/gm },
  { file: ".yarnrc", pattern: /^\s*registry\s+"?([^"\s]+)/gm },
  { file: ".yarnrc.yml", pattern: /npmRegistryServer:\s*["']?([^"'\s]+)/g },
  { file: "pip.conf", pattern: /^\s*(?:extra-)?index-url\s*=\s*(\S+)/gm },
  { file: "pip.ini", pattern: /^\s*(?:extra-)?index-url\s*=\s*(\S+)/gm },
  { file: ".mvn/settings.xml", pattern: /<url>\s*([^<\s]+)\s*<\/url>/g },
  { file: "requirements.txt", pattern: /^\s*(?:--(?:extra-)?index-url|-i)\s*[= ]\s*(\S+)/gm },
];

export function checkRegistryConfig(
  root: string,
  /** The registries the App trusts (discovered from its own package-manager config, never the PR's). */
  allowedHosts: readonly string[],
): RegistryCheck {
  for (const { file, pattern } of sources) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    for (const match of readFileSync(path, "utf8").matchAll(pattern)) {
      const url = match[1] ?? "";
      const host = hostOf(url);
      if (host !== null && allowedHosts.includes(host)) continue;
      return {
        ok: false,
        code: "untrusted_registry",
        reason: `untrusted_registry: ${file} points the install at ${JSON.stringify(host ?? url)}, which is not an allowed registry (${allowedHosts.join(", ")}); remove the setting or ask the Xihe operator to allow that host`,
      };
    }
  }
  return { ok: true };
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
