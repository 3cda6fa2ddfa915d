// The simple-repository client against real HTTP servers on 127.0.0.1: PEP 691 JSON, PEP 503 HTML
// (both with PEP 592 yanked files), credentials in the index URL, and an index that answers 404,
// 500 or never.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { RegistryError } from "../../../src/verbs/upgrade/fetch-package-versions.ts";
import { fetchPythonVersions } from "../../../src/verbs/upgrade/fetch-python-versions.ts";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  );
});

interface Seen {
  url: string;
  accept: string;
  authorization: string;
}

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; seen: Seen[]; port: number }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({
      url: req.url ?? "",
      accept: req.headers.accept ?? "",
      authorization: req.headers.authorization ?? "",
    });
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/simple/`, seen, port };
}

const options = (indexUrl: string, timeoutMs = 5000) => ({
  indexUrl,
  fetch: globalThis.fetch,
  timeoutMs,
  retries: 0,
});
const versionsOf = async (indexUrl: string, name: string) =>
  (await fetchPythonVersions([name], options(indexUrl))).get(name)?.versions;

describe("fetchPythonVersions", () => {
  it("reads PEP 691 JSON: versions from wheel and sdist names, a version yanked only when all its files are", async () => {
    const index = await serve((req, res) =>
      res.writeHead(200, { "content-type": "application/vnd.pypi.simple.v1+json" }).end(
        JSON.stringify({
          meta: { "api-version": "1.1" },
          name: "my-pkg",
          files: [
            { filename: "my_pkg-1.0.0-py3-none-any.whl", url: "x", hashes: {} },
            { filename: "my-pkg-1.0.0.tar.gz", url: "x", hashes: {} },
            { filename: "my_pkg-1.1.0-py3-none-any.whl", url: "x", hashes: {}, yanked: "bad build" },
            { filename: "my_pkg-1.1.0.tar.gz", url: "x", hashes: {}, yanked: true },
            { filename: "my_pkg-1.2.0-py3-none-any.whl", url: "x", hashes: {}, yanked: true },
            { filename: "my_pkg-1.2.0.tar.gz", url: "x", hashes: {}, yanked: false },
            { filename: "my_pkg-2.0.0rc1-py3-none-any.whl", url: "x", hashes: {} },
            { filename: "my_pkg-0.9.egg", url: "x", hashes: {} },
          ],
        }),
      ),
    );
    expect(await versionsOf(index.url, "My_Pkg")).toEqual([
      { version: "1.0.0", deprecated: false },
      { version: "1.1.0", deprecated: true },
      { version: "1.2.0", deprecated: false },
      { version: "2.0.0rc1", deprecated: false },
    ]);
    // The normalized name (PEP 503), asking for JSON first.
    expect(index.seen[0]?.url).toBe("/simple/my-pkg/");
    expect(index.seen[0]?.accept).toMatch(/^application\/vnd\.pypi\.simple\.v1\+json, text\/html/);
  });

  it("falls back to PEP 503 HTML and reads data-yanked", async () => {
    const index = await serve((req, res) =>
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(
          '<!DOCTYPE html><html><body>\n<a href="../../f/tiny-1.0.0-py3-none-any.whl#sha256=ab">tiny-1.0.0-py3-none-any.whl</a><br/>\n' +
            '<a href="../../f/tiny-1.1.0-py3-none-any.whl" data-yanked="">tiny-1.1.0-py3-none-any.whl</a>\n' +
            '<a data-requires-python="&gt;=3.8" href="x">tiny-1.2.0.tar.gz</a>\n</body></html>',
        ),
    );
    expect(await versionsOf(index.url, "tiny")).toEqual([
      { version: "1.0.0", deprecated: false },
      { version: "1.1.0", deprecated: true },
      { version: "1.2.0", deprecated: false },
    ]);
  });

  it("sends the index URL's credentials as basic auth and never names them in an error", async () => {
    const index = await serve((req, res) => res.writeHead(404).end());
    const withAuth = index.url.replace("http://", "http://deploy:s3cr%40t@");
    const error = await fetchPythonVersions(["ghost"], options(withAuth)).catch((e: unknown) => e);
    expect(index.seen[0]?.authorization).toBe(`Basic ${Buffer.from("deploy:s3cr@t").toString("base64")}`);
    expect(error).toBeInstanceOf(RegistryError);
    expect((error as Error).message).toBe(
      `index answered 404 (no such project) while reading ghost from ${index.url}; check the name in the requirements`,
    );
    expect((error as Error).message).not.toContain("s3cr");
  });

  it("retries a 500 and then stops with the status, the project and the index", async () => {
    const index = await serve((req, res) => res.writeHead(500).end("down"));
    const error = await fetchPythonVersions(["tiny"], { ...options(index.url), retries: 2 }).catch(
      (e: unknown) => e,
    );
    expect(index.seen).toHaveLength(3);
    expect((error as Error).message).toBe(
      `index answered HTTP 500 while reading tiny from ${index.url}; check that the index is reachable, then retry`,
    );
  });

  it("gives up on an index that never answers, saying how long it waited", async () => {
    const index = await serve(() => undefined);
    const error = await fetchPythonVersions(["tiny"], options(index.url, 300)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryError);
    expect((error as Error).message).toBe(
      `index did not answer within 300 ms while reading tiny from ${index.url}; check that the index is reachable, then retry`,
    );
  });

  it("refuses JSON that is not a PEP 691 project page", async () => {
    const index = await serve((req, res) =>
      res.writeHead(200, { "content-type": "application/vnd.pypi.simple.v1+json" }).end('{"projects": []}'),
    );
    await expect(versionsOf(index.url, "tiny")).rejects.toThrow(
      `${index.url} answered for tiny with no PEP 691 file list; check the index URL`,
    );
  });
});
