// The install's npm settings come from the host's npm config: its registry, and the CA file it trusts
// (a host behind a TLS-inspecting proxy needs it, or every request fails SELF_SIGNED_CERT_IN_CHAIN).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { discoverRegistries } from "../../src/workspace/install/discover-registries.ts";
import { installEnv } from "../../src/workspace/install/install-env.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

let scratch: ReturnType<typeof makeScratchDir> | undefined;
afterEach(() => scratch?.remove());

async function discoverWithGlobalNpmrc(text: string, manager = "npm") {
  scratch = makeScratchDir("discover-registries");
  const globalconfig = join(scratch.dir, "npmrc");
  writeFileSync(globalconfig, text);
  const hostEnv = {
    PATH: process.env.PATH,
    HOME: scratch.dir,
    npm_config_globalconfig: globalconfig,
    npm_config_userconfig: join(scratch.dir, "no-user-npmrc"),
  };
  return discoverRegistries(manager, { hostEnv, configured: [], log: { warn: () => undefined } });
}

describe("discoverRegistries for npm", () => {
  it("carries the host's npm cafile into the install environment", async () => {
    const found = await discoverWithGlobalNpmrc(
      "registry=https://registry.example.test/\ncafile=/etc/ssl/certs/ca-certificates.crt\n",
    );
    expect(found.npmRegistry).toBe("https://registry.example.test/");
    expect(found.npmCafile).toBe("/etc/ssl/certs/ca-certificates.crt");
    expect(installEnv(found, false)).toMatchObject({
      npm_config_registry: "https://registry.example.test/",
      npm_config_cafile: "/etc/ssl/certs/ca-certificates.crt",
    });
  });

  it("sets no cafile when the host's npm names none", async () => {
    const found = await discoverWithGlobalNpmrc("registry=https://registry.example.test/\n");
    expect(found.npmCafile).toBeUndefined();
    expect(installEnv(found, false)).not.toHaveProperty("npm_config_cafile");
  });

  it("lets a yarn 1 install reach registry.yarnpkg.com only when the host uses the public npm registry", async () => {
    const yarnHost = "https://registry.yarnpkg.com/";
    const publicNpm = await discoverWithGlobalNpmrc("registry=https://registry.npmjs.org/\n", "yarn");
    expect(publicNpm.allowedUrls).toEqual(["https://registry.npmjs.org/", yarnHost]);
    scratch?.remove();
    expect(
      (await discoverWithGlobalNpmrc("registry=https://registry.npmjs.org/\n", "npm")).allowedUrls,
    ).not.toContain(yarnHost);
    scratch?.remove();
    const mirror = await discoverWithGlobalNpmrc("registry=https://registry.example.test/\n", "yarn");
    expect(mirror.allowedUrls).toEqual(["https://registry.example.test/"]);
  });
});
