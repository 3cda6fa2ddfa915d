// Writes a byte stream to a file keeping at most `maxBytes`: the head as it arrives and a rolling tail
// in memory (the failing end of a CI log matters most), joined by a marker saying what was dropped.
import { createWriteStream } from "node:fs";
import { once } from "node:events";

export interface CappedWriteResult {
  bytesSeen: number;
  bytesWritten: number;
  truncated: boolean;
}

export async function writeCapped(
  chunks: AsyncIterable<Uint8Array>,
  path: string,
  { maxBytes, tailBytes = Math.floor(maxBytes / 4) }: { maxBytes: number; tailBytes?: number },
): Promise<CappedWriteResult> {
  const headLimit = maxBytes - tailBytes;
  const out = createWriteStream(path, { flags: "wx" });
  let seen = 0;
  let written = 0;
  let tail: Buffer[] = [];
  let tailSize = 0;
  try {
    for await (const raw of chunks) {
      const chunk = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
      seen += chunk.length;
      const headRoom = Math.max(0, headLimit - written);
      if (headRoom > 0) {
        const head = chunk.subarray(0, headRoom);
        if (!out.write(head)) await once(out, "drain");
        written += head.length;
      }
      const rest = chunk.subarray(Math.min(headRoom, chunk.length));
      if (rest.length > 0) {
        tail.push(Buffer.from(rest));
        tailSize += rest.length;
        while (tailSize - (tail[0]?.length ?? 0) >= tailBytes) tailSize -= tail.shift()?.length ?? 0;
      }
    }
    const dropped = seen - written - tailSize;
    let tailBuffer = Buffer.concat(tail);
    tail = [];
    if (dropped > 0 || tailBuffer.length > tailBytes) {
      const cut = Math.max(0, tailBuffer.length - tailBytes);
      tailBuffer = tailBuffer.subarray(cut);
      out.write(`\n[xihe: ${dropped + cut} bytes of the log omitted to stay under ${maxBytes} bytes]\n`);
    }
    out.write(tailBuffer);
    written += tailBuffer.length;
    return { bytesSeen: seen, bytesWritten: written, truncated: seen > written };
  } finally {
    out.end();
    await once(out, "close");
  }
}
