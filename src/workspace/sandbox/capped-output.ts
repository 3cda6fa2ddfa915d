// Keeps the head and the tail of a stream within a byte budget, with a marker where bytes were
// dropped. The head is streamed to the caller as it arrives; the tail is only known at the end.
import { StringDecoder } from "node:string_decoder";

export interface CappedOutput {
  /** Adds a chunk; returns the part to stream now ("" once the head budget is spent). */
  push(chunk: Buffer): string;
  readonly totalBytes: number;
  text(): { text: string; truncated: boolean };
}

export function createCappedOutput(maxBytes: number): CappedOutput {
  // Chunks can end inside a multi-byte character: decode the stream, not each chunk on its own.
  const decoder = new StringDecoder("utf8");
  const headBudget = Math.ceil(maxBytes / 2);
  const tailBudget = maxBytes - headBudget;
  const head: Buffer[] = [];
  let headBytes = 0;
  let tail: Buffer = Buffer.alloc(0);
  let total = 0;
  let markerSent = false;
  return {
    push(chunk) {
      total += chunk.length;
      let streamed = "";
      if (headBytes < headBudget) {
        const part = chunk.subarray(0, headBudget - headBytes);
        head.push(part);
        headBytes += part.length;
        streamed = decoder.write(part);
        chunk = chunk.subarray(part.length);
      }
      if (chunk.length > 0) {
        tail = tailBudget > 0 ? Buffer.concat([tail, chunk]).subarray(-tailBudget) : tail;
        if (!markerSent) {
          markerSent = true;
          streamed += decoder.end();
          streamed += "\n[xihe: output not streamed beyond this point; the result keeps the tail]\n";
        }
      }
      return streamed;
    },
    get totalBytes() {
      return total;
    },
    text() {
      const headText = Buffer.concat(head).toString("utf8");
      if (total <= maxBytes) return { text: headText + tail.toString("utf8"), truncated: false };
      const dropped = total - headBytes - tail.length;
      return {
        text: `${headText}\n[xihe: ${dropped} bytes of output dropped]\n${tail.toString("utf8")}`,
        truncated: true,
      };
    },
  };
}
