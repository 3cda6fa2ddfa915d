import { describe, expect, it } from "vitest";
import { installEnv } from "../../../src/workspace/install/install-env.ts";

describe("installEnv", () => {
  const registries = {
    allowedUrls: ["https://registry.example.test/"],
    npmRegistry: "https://registry.example.test/",
    npmCafile: "/etc/ssl/certs/corporate.pem",
  };

  it("gives yarn berry the host's registry and CA the way berry reads them", () => {
    const env = installEnv(registries, false);
    expect(env).toMatchObject({
      YARN_NPM_REGISTRY_SERVER: "https://registry.example.test/",
      // berry ignores npm's cafile, and its own CA setting's name differs per major
      NODE_EXTRA_CA_CERTS: "/etc/ssl/certs/corporate.pem",
      npm_config_cafile: "/etc/ssl/certs/corporate.pem",
    });
    expect(installEnv({ allowedUrls: [] }, false).NODE_EXTRA_CA_CERTS).toBeUndefined();
  });

  it("keeps a project's yarnPath release and berry's telemetry out of every install", () => {
    for (const allowScripts of [false, true])
      expect(installEnv(registries, allowScripts)).toMatchObject({
        YARN_IGNORE_PATH: "1",
        YARN_ENABLE_TELEMETRY: "0",
        YARN_ENABLE_SCRIPTS: allowScripts ? "1" : "0",
      });
  });
});
