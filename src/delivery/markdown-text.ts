// The one sanitizer for untrusted text (PR fields, CI logs, model output, config errors) in anything
// Xihe posts on GitHub: comments, replies, PR bodies, reviews, check runs (threat model A27, A46). No
// terminal escapes, invisible or bidi characters, controls; no @-mentions (plain, entity-encoded or
// team), no #N / owner/repo#N / GH-N references, no autolinks, links, images, HTML, headings, lists,
// tables or math; code spans and blocks whose fences the text cannot close; every piece capped.
import stripAnsi from "strip-ansi";
import { stripInvisible } from "../workspace/strip-invisible.ts";

/** Control characters other than tab and newline. */
const controls = /[\p{Cc}]/gu;

function clean(text: string, maxChars: number): string {
  // Cap first: a 5 MB log line must not cost 5 MB of regex work per escape step.
  const head = text.length > maxChars * 4 + 64 ? text.slice(0, maxChars * 4 + 64) : text;
  return stripInvisible(stripAnsi(head))
    .text.replace(/\r\n?/g, "\n")
    .replace(controls, (c) => (c === "\n" || c === "\t" ? c : ""));
}

function cap(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, Math.max(0, maxChars - 1))}…` : text;
}

/**
 * One line of text inside Markdown (a sentence, a list item, a table cell): nothing in it is markup,
 * wherever the line sits. `|` is always escaped, so the same text is safe in a table cell.
 */
export function escapeInline(text: string, maxChars = 300): string {
  return escapeLine(cap(clean(text, maxChars).replace(/\s+/g, " ").trim(), maxChars));
}

/** Multi-line text (an answer, a description): paragraphs kept, each line escaped like escapeInline. */
export function escapeBlock(text: string, maxChars: number): string {
  const lines = cap(clean(text, maxChars), maxChars)
    .split("\n")
    // Leading blanks would open an indented code block; inner runs are only layout.
    .map((line) => escapeLine(line.replace(/[ \t]+/g, " ").trim()));
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Text for fields GitHub shows as plain text (check-run titles, annotations): no escapes, no controls. */
export function plainText(text: string, maxChars: number): string {
  return cap(clean(text, maxChars), maxChars);
}

// GitHub links mentions, references and bare URLs after Markdown is parsed, on the decoded text, so
// a backslash or an entity would not stop them: a zero-width space inside each pattern does.
const zwsp = "\u200b";

function escapeLine(line: string): string {
  return (
    line
      .replace(/&/g, "&amp;") // `&#64;user` stays literal text instead of becoming a mention
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/([\\`*_[\]|~])/g, "\\$1")
      .replace(/@/g, `@${zwsp}`)
      .replace(/#(?=\d)/g, `#${zwsp}`)
      .replace(/\b(gh-)(?=\d)/gi, `$1${zwsp}`)
      .replace(/:\/\//g, `:${zwsp}//`)
      .replace(/\bwww\./gi, `www${zwsp}.`)
      // After the `#` rule: GitHub finds `$`/`$$` math before escapes apply; an entity never delimits.
      .replace(/\$/g, "&#36;")
      .replace(/^([#=+-])/, "\\$1")
      .replace(/^(\d+)([.)])/, "$1\\$2")
  );
}

/**
 * Inline code that the text cannot break out of (GitHub renders neither mentions nor HTML in it).
 * `|` is written `\|` so the span can sit in a table cell without splitting it; "@" still gets the
 * zero-width space (spans are short labels, and a mention must not depend on one renderer rule).
 */
export function codeSpan(text: string, maxChars = 200): string {
  const oneLine = cap(clean(text, maxChars).replace(/\s+/g, " ").trim(), maxChars) || " ";
  const body = oneLine.replace(/\|/g, "\\|").replace(/@/g, "@\u200b");
  const fence = "`".repeat(longestRun(body, "`") + 1);
  const pad = body.startsWith("`") || body.endsWith("`") || body.startsWith(" ") ? " " : "";
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** A fenced block for multi-line text (logs, patches); the fence is longer than any run inside. */
export function codeBlock(text: string, maxChars: number, info = ""): string {
  const raw = clean(text, maxChars);
  const body = raw.length > maxChars ? `${raw.slice(0, maxChars)}\n… (cut at ${maxChars} characters)` : raw;
  const fence = "`".repeat(Math.max(3, longestRun(body, "`") + 1));
  return `${fence}${/^[a-z]{0,10}$/.test(info) ? info : ""}\n${body.replace(/\n$/, "")}\n${fence}`;
}

/** A word for a shell command the reader copies: plain ref characters as-is, anything else quoted. */
export function shellWord(text: string): string {
  const value = clean(text, 300).replace(/\n/g, " ");
  return /^[A-Za-z0-9._/@:+=-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A Markdown link target: https only (plain http only to this machine, the one place a GitHub
 * Enterprise Server may be served without TLS), and no character that could end the `(...)` early.
 */
export function linkTarget(url: string): string {
  if (!/^(?:https:\/\/|http:\/\/(?:127\.0\.0\.1|localhost)[:/])[^\s]+$/.test(url)) return "#";
  let decoded = url;
  try {
    decoded = decodeURI(url);
  } catch (err) {
    if (!(err instanceof URIError)) throw err; // malformed %-escapes: encode the text as it is
  }
  return encodeURI(decoded).replace(/[()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function longestRun(text: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}
