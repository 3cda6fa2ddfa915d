// Finds the `/xihe <verb> [args]` command in a comment. Only a line that starts with the command
// counts: not quoted (`>`) lines, not fenced or indented code, not mid-sentence. The first one wins.
export const verbs = [
  "fix",
  "suggest",
  "explain",
  "ask",
  "apply",
  "undo",
  "stop",
  "status",
  "workflow",
  "upgrade",
  "ignore",
  "rebase",
  "help",
] as const;
export type Verb = (typeof verbs)[number];

export type ParsedCommand =
  { kind: "command"; verb: Verb; args: string } | { kind: "unknown_verb"; verb: string } | { kind: "none" };

const commandLine = /^\/xihe(?:\s+(\S+))?(?:[ \t]+(.*))?$/i;
const fence = /^ {0,3}(`{3,}|~{3,})/;

export function parseCommand(body: string): ParsedCommand {
  let openFence: string | null = null;
  for (const rawLine of stripHtmlComments(body).split(/\r?\n/)) {
    const fenceMatch = fence.exec(rawLine);
    if (fenceMatch) {
      const marker = fenceMatch[1]!;
      if (openFence === null) openFence = marker[0]!.repeat(marker.length);
      else if (marker.startsWith(openFence)) openFence = null;
      continue;
    }
    if (openFence !== null) continue;
    // Four leading spaces or a tab is an indented code block; `>` is a quote.
    if (/^( {4}|\t)/.test(rawLine) || /^\s*>/.test(rawLine)) continue;
    const match = commandLine.exec(rawLine.trim());
    if (!match) continue;
    const word = (match[1] ?? "help").toLowerCase();
    const args = (match[2] ?? "").trim();
    if ((verbs as readonly string[]).includes(word)) return { kind: "command", verb: word as Verb, args };
    return { kind: "unknown_verb", verb: word.slice(0, 40) };
  }
  return { kind: "none" };
}

/** A hidden HTML comment is invisible in the rendered comment, so a command inside it is not one. */
function stripHtmlComments(body: string): string {
  return body.replace(/<!--[\s\S]*?(-->|$)/g, "");
}
