import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { endpointAnswers } from "../../../src/workspace/install/endpoint-answers.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

const listen = async (): Promise<number> => {
  server = createServer((socket) => socket.end());
  await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
  return (server.address() as AddressInfo).port;
};

describe("endpointAnswers", () => {
  it("answers for a listening endpoint, and names the error of one that refuses or does not resolve", async () => {
    const port = await listen();
    expect(await endpointAnswers({ host: "127.0.0.1", port }, 5000)).toEqual({ ok: true });
    await new Promise<void>((done) => server!.close(() => done()));
    server = undefined;
    expect(await endpointAnswers({ host: "127.0.0.1", port }, 5000)).toEqual({
      ok: false,
      reason: "ECONNREFUSED",
    });
    // .invalid never resolves (RFC 6761).
    const unresolved = await endpointAnswers({ host: "registry.invalid", port: 443 }, 5000);
    expect(unresolved.ok).toBe(false);
    expect(unresolved).toMatchObject({ reason: expect.stringMatching(/^(?:ENOTFOUND|EAI_AGAIN)$/) });
  });
});
