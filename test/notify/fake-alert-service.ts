// A WeCom-robot / Slack-webhook stand-in on 127.0.0.1: records every POST and answers what the test
// scripted (by default what the real services answer on success).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
export interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface FakeAlertService {
  url(path: string): string;
  received: Received[];
  /** Answers for the next requests, in order; after them the default answer. */
  script(...answers: Answer[]): void;
  close(): Promise<void>;
}

export const wecomOk: Answer = { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };
export const slackOk: Answer = { status: 200, body: "ok" };

export async function startFakeAlertService(defaultAnswer: Answer): Promise<FakeAlertService> {
  const received: Received[] = [];
  const queue: Answer[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const answer = queue.shift() ?? defaultAnswer;
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    script: (...answers) => queue.push(...answers),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
