// Splits a log stream into lines without holding the log: chunks are decoded as they come, and a line
// longer than the cap keeps its head plus a marker (threat A18: a 2 GB single line must not be held).
// Lines come in batches (one per chunk, at most BATCH_LINES) because a promise per line would cost
// more than the parsing itself.
export interface SplitOptions {
  /** Characters kept per line; the rest is dropped and replaced by a marker. */
  maxLineChars: number;
}

// Large enough for one-line JSON reports (eslint -f json) of a real project; small enough to bound memory.
export const DEFAULT_MAX_LINE_CHARS = 256 * 1024;
const BATCH_LINES = 8192;

export function truncationMarker(droppedChars: number): string {
  return ` [xihe: line truncated, ${droppedChars} more characters dropped]`;
}

export async function* splitLogLines(
  source: string | AsyncIterable<string | Uint8Array>,
  { maxLineChars }: SplitOptions = { maxLineChars: DEFAULT_MAX_LINE_CHARS },
): AsyncGenerator<string[]> {
  const decoder = new TextDecoder("utf-8");
  let partial = "";
  let dropped = 0;
  const chunks = typeof source === "string" ? [source] : source;
  for await (const chunk of pieces(chunks)) {
    const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let batch: string[] = [];
    let start = 0;
    for (;;) {
      const nl = text.indexOf("\n", start);
      if (nl === -1) break;
      batch.push(finishLine(partial, text.slice(start, nl), dropped, maxLineChars));
      partial = "";
      dropped = 0;
      start = nl + 1;
      if (batch.length >= BATCH_LINES) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
    if (start < text.length) {
      const rest = text.slice(start);
      const room = maxLineChars - partial.length;
      if (room > 0) {
        partial += rest.slice(0, room);
        dropped += Math.max(0, rest.length - room);
      } else {
        dropped += rest.length;
      }
    }
  }
  const tail = decoder.decode();
  if (partial !== "" || tail !== "" || dropped > 0) yield [finishLine(partial, tail, dropped, maxLineChars)];
}

// Large byte chunks (a 1 MB read) are decoded in smaller pieces: a decoded string above V8's regular
// object size (128 KB; a piece with one non-Latin-1 character decodes to two bytes per character)
// lives in large-object space, and every line sliced from it keeps it there until a full GC, which
// raised peak memory on a 500 MB log. Small strings die young and go in cheap scavenges.
const PIECE_BYTES = 32 * 1024;

async function* pieces(
  chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>,
): AsyncGenerator<string | Uint8Array> {
  for await (const chunk of chunks) {
    if (typeof chunk === "string" || chunk.length <= PIECE_BYTES) {
      yield chunk;
      continue;
    }
    for (let at = 0; at < chunk.length; at += PIECE_BYTES) yield chunk.subarray(at, at + PIECE_BYTES);
  }
}

function finishLine(partial: string, piece: string, dropped: number, maxLineChars: number): string {
  if (partial === "" && dropped === 0 && piece.length <= maxLineChars) return piece;
  const room = Math.max(0, maxLineChars - partial.length);
  const kept = partial + piece.slice(0, room);
  const lost = dropped + Math.max(0, piece.length - room);
  return lost > 0 ? kept + truncationMarker(lost) : kept;
}
