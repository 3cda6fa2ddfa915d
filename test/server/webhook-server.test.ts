import { sign } from "@octokit/webhooks-methods";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWebhookServer } from "../../src/server/webhook-server.ts";
import { commentPayload, createHarness, secret, type Harness } from "../github/app-harness.ts";
import { pino } from "pino";
import type { Server } from "node:http";

describe("webhook HTTP server", () => {
  let h: Harness;
  let server: Server;
  let url: string;
  beforeEach(async () => {
    h = await createHarness();
    server = createWebhookServer({
      webhooks: h.probot.webhooks,
      webhooksPath: "/api/github/webhooks",
      log: pino({ level: "silent" }),
      maxBytes: 64 * 1024,
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;
  });
  afterEach(async () => {
    await new Promise((r) => server.close(r));
    await h.close();
  });

  const post = (body: string, headers: Record<string, string>) =>
    fetch(url, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "x-github-event": "issue_comment",
        "x-github-delivery": "d-1",
        ...headers,
      },
    });

  it("A01: a webhook with no signature or a wrong one is refused with 401 and starts nothing", async () => {
    const body = JSON.stringify(commentPayload("/xihe fix"));
    const none = await post(body, {});
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: "signature_invalid" });
    const wrong = await post(body, { "x-hub-signature-256": await sign("not-the-secret", body) });
    expect(wrong.status).toBe(401);
    expect(await h.store.listRuns({})).toEqual([]);
  });

  it("A02: a validly signed payload that was re-serialised is refused (the check runs on raw bytes)", async () => {
    const original = JSON.stringify(commentPayload("/xihe help"));
    const signature = await sign(secret, original);
    const reserialised = JSON.stringify(JSON.parse(original), null, 2);
    const res = await post(reserialised, { "x-hub-signature-256": signature });
    expect(res.status).toBe(401);
  });

  it("A03: a body over the cap gets 413 before it is read", async () => {
    const big = JSON.stringify({ pad: "x".repeat(80 * 1024) });
    const res = await post(big, { "x-hub-signature-256": await sign(secret, big) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "payload_too_large" });
  });

  it("A03: a compressed body is refused instead of being inflated", async () => {
    const res = await post("x", { "content-encoding": "gzip", "x-hub-signature-256": "sha256=00" });
    expect(res.status).toBe(415);
  });

  it("A03: a chunked body that outgrows the cap is cut off with 413", async () => {
    const big = "x".repeat(200 * 1024);
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 4; i++)
          c.enqueue(new TextEncoder().encode(big.slice(i * 51200, (i + 1) * 51200)));
        c.close();
      },
    });
    const res = await fetch(url, {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: {
        "x-github-event": "issue_comment",
        "x-github-delivery": "d-2",
        "x-hub-signature-256": "sha256=00",
      },
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it("accepts a correctly signed delivery of an event it ignores", async () => {
    const body = JSON.stringify({ ...commentPayload("no command here") });
    const res = await post(body, { "x-hub-signature-256": await sign(secret, body) });
    expect(res.status).toBe(200);
  });

  it("answers 200 to a signed delivery of an event name it does not know, and hands it to no handler", async () => {
    const seen: string[] = [];
    h.probot.webhooks.onAny((event) => void seen.push(event.name));
    const body = JSON.stringify({ action: "created", installation: { id: 1 } });
    const signature = await sign(secret, body);
    const unknown = await post(body, { "x-hub-signature-256": signature, "x-github-event": "made_up_event" });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ status: "ignored" });
    const known = await post(body, { "x-hub-signature-256": signature, "x-github-event": "star" });
    expect(known.status).toBe(200);
    expect(seen).toEqual(["star"]);
  });
});
