// Reads a request body as JSON, bounded: the content type must be JSON, the bytes at most `maxBytes`
// (counted as they arrive, not trusted from Content-Length), the text must parse.
import type { IncomingMessage } from "node:http";
import { ApiProblem } from "./problem.ts";

export async function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    throw new ApiProblem(
      "unsupported-media-type",
      `send the body as application/json; got ${type || "none"}`,
    );
  const encoding = req.headers["content-encoding"];
  if (encoding && encoding !== "identity")
    throw new ApiProblem("unsupported-media-type", "compressed request bodies are not accepted");
  if (Number(req.headers["content-length"] ?? 0) > maxBytes) throw tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ApiProblem("malformed-json", `the body does not parse as JSON: ${(err as Error).message}`);
  }
}

const tooLarge = (maxBytes: number) =>
  new ApiProblem("body-too-large", `a request body may have at most ${maxBytes} bytes`);
