// Parameters of an alert come from logs, branch names and commit authors: text a PR author controls.
// Rendered into WeCom markdown or Slack mrkdwn they could mention everyone (`<@all>`, `<!channel>`),
// hide a link behind innocent text, or forge lines of the template. So every parameter becomes one
// short line with the channel's markup characters escaped, before it reaches a template.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const controlChars = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+/g;

export function oneLine(text: string, maxChars: number): string {
  const flat = text.replace(controlChars, " ").replace(/\s+/g, " ").trim();
  return flat.length <= maxChars ? flat : `${flat.slice(0, maxChars - 1)}…`;
}

// Look-alike characters instead of backslash escapes: WeCom documents no escaping, and a look-alike
// can't be turned back into markup by any renderer.
const wecomLookalikes: Record<string, string> = {
  "<": "‹",
  ">": "›",
  "[": "［",
  "]": "］",
  "`": "ˋ",
  "*": "∗",
  "#": "＃",
  _: "＿",
};

/** WeCom markdown: no tags (mentions, font colours), links or emphasis from the text (a parameter
 * never starts a line, so `#` and `>` can't make headings or quotes). */
export function forWecom(text: string, maxChars = 300): string {
  return oneLine(text, maxChars).replace(/[<>[\]`*]/g, (c) => wecomLookalikes[c] ?? c);
}

/** Slack mrkdwn: the three characters Slack asks to escape; formatting marks broken by a zero-width space. */
export function forSlack(text: string, maxChars = 300): string {
  return oneLine(text, maxChars)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[`*_~]/g, (c) => `\u200b${c}`);
}

/** A link target: only http(s) URLs survive; anything else is dropped rather than rendered. */
export function safeUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    return parsed
      .toString()
      .replace(/[()[\]<>|\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
  } catch {
    return null;
  }
}
