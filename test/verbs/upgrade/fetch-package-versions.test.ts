// The registry client against real HTTP servers on 127.0.0.1: packuments, a scope on its own
// registry, and a registry that answers 404, 500 or never.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fetchPackageVersions, RegistryError } from "../../../src/verbs/upgrade/fetch-package-versions.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

// npm's HTTP agent does not work through nock's patched http module; these servers are real and on
// 127.0.0.1 anyway, so nock steps aside for this file.
beforeAll(() => nock.restore());
afterAll(() => nock.activate());

const servers: Server[] = [];
const scratch = makeScratchDir("upgrade-fetch");
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? "");
    handler!(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, paths };
}

const packument = (name: string, versions: Record<string, object>, latest: string) =>
  JSON.stringify({ name, "dist-tags": { latest }, versions });
// Generous unless the test is about the timeout: the machine running tests may be busy.
const options = (registries: Record<string, string>, timeoutMs = 5000) => ({
  registries,
  cacheDir: `${scratch.dir}/cache-${Math.random()}`,
  timeoutMs,
  retries: 0,
});

describe("fetchPackageVersions", () => {
  it("reads versions and deprecations, and asks a scope's own registry for its packages", async () => {
    const main = await serve((req, res) =>
      res.end(packument("a", { "1.0.0": {}, "1.1.0": { deprecated: "do not use" } }, "1.1.0")),
    );
    const scoped = await serve((req, res) => res.end(packument("@corp/b", { "2.0.0": {} }, "2.0.0")));
    const got = await fetchPackageVersions(
      ["a", "@corp/b"],
      options({ registry: main.url, "@corp:registry": scoped.url }),
    );
    expect(got.get("a")).toEqual({
      name: "a",
      latest: "1.1.0",
      versions: [
        { version: "1.0.0", deprecated: false },
        { version: "1.1.0", deprecated: true },
      ],
    });
    expect(got.get("@corp/b")?.latest).toBe("2.0.0");
    expect(main.paths).toEqual(["/a"]);
    expect(scoped.paths).toEqual(["/@corp%2fb"]);
  });

  it.each([
    [404, "registry answered 404 (no such package) while reading nope from"],
    [500, "registry answered HTTP 500 while reading nope from"],
  ])("stops with a clear message when the registry answers %i", async (status, message) => {
    const server = await serve((req, res) => res.writeHead(status).end("{}"));
    const failed = fetchPackageVersions(["nope"], options({ registry: server.url }));
    await expect(failed).rejects.toThrow(RegistryError);
    await expect(failed).rejects.toThrow(message);
  });

  it("stops with a clear message when the registry does not answer in time", async () => {
    const server = await serve(() => {});
    await expect(fetchPackageVersions(["slow"], options({ registry: server.url }, 500))).rejects.toThrow(
      /registry request failed \(.+\) while reading slow from http:\/\/127\.0\.0\.1:\d+\/; check the package name/,
    );
  });
});
