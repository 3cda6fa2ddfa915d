// Redacts streamed output without leaking a secret that straddles two chunks: the last `holdChars`
// of redacted text are held back until more output arrives, the stream goes quiet, or it ends.
export interface RedactingStream {
  write(text: string): void;
  /** Emits whatever is held (at the end of the command). */
  flush(): void;
}

export function createRedactingStream(
  redact: (text: string) => string,
  emit: (text: string) => void,
  { holdChars = 256, idleMs = 100 }: { holdChars?: number; idleMs?: number } = {},
): RedactingStream {
  let held = "";
  let idle: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (idle !== undefined) clearTimeout(idle);
    idle = undefined;
    const text = redact(held);
    held = "";
    if (text !== "") emit(text);
  };
  return {
    write(text) {
      const redacted = redact(held + text);
      const cut = Math.max(0, redacted.length - holdChars);
      held = redacted.slice(cut);
      if (cut > 0) emit(redacted.slice(0, cut));
      if (idle !== undefined) clearTimeout(idle);
      idle = setTimeout(flush, idleMs);
      idle.unref();
    },
    flush,
  };
}
