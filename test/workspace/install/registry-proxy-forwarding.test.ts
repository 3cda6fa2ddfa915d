// Plain-HTTP forwarding through the registry proxy (pip's index on 127.0.0.1 is plain HTTP) from the
// App's process. That process also runs other work on its main thread (synchronous SQLite, index
// builds) and may have HTTP client instrumentation loaded (an APM agent; this suite's nock): neither
// may cut a download short or hold it up. On the code before the proxy had a thread of its own, a
// 400 KiB body read slowly stopped at 261 KiB (nock's passthrough socket closed the paused
// response) and a client gave up while the main thread was blocked.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startRegistryProxy, type RegistryProxy } from "../../../src/workspace/install/registry-proxy.ts";
import { makeScratchDir } from "../../support/scratch-dir.ts";

const body = randomBytes(400 * 1024);
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
let upstream: Server;
let port = 0;
let proxy: RegistryProxy;
let scratch: ReturnType<typeof makeScratchDir>;

beforeEach(async () => {
  scratch = makeScratchDir("proxy-forwarding");
  upstream = createServer((_req, res) =>
    res
      .writeHead(200, { "content-type": "application/octet-stream", "content-length": body.length })
      .end(body),
  );
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  port = (upstream.address() as AddressInfo).port;
  proxy = await startRegistryProxy({
    socketPath: join(scratch.dir, "proxy.sock"),
    allowed: [{ host: "127.0.0.1", port }],
  });
});
afterEach(async () => {
  await proxy.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  scratch.remove();
});

/** One absolute-URI GET through the proxy's socket, its answer read 16 KiB every 20 ms; the body. */
function slowGet(path: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = connect(proxy.socketPath);
    const chunks: Buffer[] = [];
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      const answer = Buffer.concat(chunks);
      resolve(answer.subarray(answer.indexOf("\r\n\r\n") + 4));
    };
    socket.write(`GET http://127.0.0.1:${port}${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
    socket.pause();
    const timer = setInterval(() => {
      const chunk = (socket.read(16 * 1024) ?? socket.read()) as Buffer | null;
      if (chunk) chunks.push(chunk);
      const answer = Buffer.concat(chunks);
      if (answer.length - answer.indexOf("\r\n\r\n") - 4 < body.length) return;
      socket.destroy();
      done();
    }, 20);
    socket.on("close", done);
    const giveUp = setTimeout(() => (socket.destroy(), done()), 20_000);
  });
}

describe("the registry proxy's plain-HTTP forwarding", () => {
  it("A21 delivers a 400 KiB body whole to a client that reads it slowly, with the process's HTTP client instrumented (nock)", async () => {
    const received = await slowGet("/files/big.whl");
    expect(received.length).toBe(body.length);
    expect(sha256(received)).toBe(sha256(body));
  }, 30_000);

  it("A21 keeps forwarding while the process's main thread is blocked", async () => {
    // The upstream must not share the blocked thread either: a second process serves the body.
    const server = execa(
      process.execPath,
      [
        "-e",
        `const b = Buffer.alloc(${body.length}, 7);
         const s = require("http").createServer((q, r) => r.end(b)).listen(0, "127.0.0.1", () => console.log(s.address().port));`,
      ],
      { reject: false },
    );
    const serverPort = await new Promise<number>((resolve) =>
      server.stdout?.once("data", (d: Buffer) => resolve(Number(d.toString().trim()))),
    );
    await proxy.close();
    proxy = await startRegistryProxy({
      socketPath: join(scratch.dir, "proxy-2.sock"),
      allowed: [{ host: "127.0.0.1", port: serverPort }],
    });
    // The client gives up after 2 s without a byte, as pip does after its read timeout.
    const client = execa(
      process.execPath,
      [
        "-e",
        `const s = require("net").connect(process.argv[1]);
         let n = 0;
         s.write("GET http://127.0.0.1:${serverPort}/files/big.whl HTTP/1.1\\r\\nhost: x\\r\\nconnection: close\\r\\n\\r\\n");
         s.setTimeout(2000, () => { console.log("timed out after " + n + " bytes"); process.exit(1); });
         s.on("data", (d) => (n += d.length)).on("end", () => console.log("received " + n + " bytes"));`,
        proxy.socketPath,
      ],
      { reject: false },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 4_000); // the main thread, busy for 4 s
    const result = await client;
    server.kill();
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^received \d+ bytes$/);
    expect(Number(/\d+/.exec(result.stdout)?.[0])).toBeGreaterThan(body.length);
  }, 30_000);
});
