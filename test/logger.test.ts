import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.ts";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { log: createLogger({ level: "info", destination }), text: () => lines.join("") };
}

describe("logger redaction", () => {
  it("censors secret-named fields and Authorization headers", () => {
    const { log, text } = capture();
    log.info(
      { token: "plain-value-1", request: { headers: { authorization: "token abc123def" } }, apiKey: "k-1" },
      "call",
    );
    expect(text()).not.toContain("plain-value-1");
    expect(text()).not.toContain("abc123def");
    expect(text()).not.toContain("k-1");
    expect(text()).toContain("[redacted]");
  });

  it("scrubs token-shaped values and private keys from any field and the message", () => {
    const { log, text } = capture();
    const ghs = `ghs_${"Ab1".repeat(12)}`;
    const pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----";
    log.warn(
      { detail: `clone failed for https://x-access-token:${ghs}@github.com/o/r`, key: pem },
      `retry with ${ghs}`,
    );
    expect(text()).not.toContain(ghs);
    expect(text()).not.toContain("MIIEow");
  });

  it("scrubs secrets inside a logged error", () => {
    const { log, text } = capture();
    log.error({ err: new Error("bad credentials sk-proj-abcdefghijklmnop1234") }, "model call failed");
    expect(text()).not.toContain("sk-proj-abcdefghijklmnop1234");
  });
});
