// HTML built from a tagged template: every interpolated value is escaped with escape-html unless it
// is already an Html fragment made by this tag, so untrusted text (logs, tool output, model words,
// file names) can only ever become text in the page.
import escapeHtml from "escape-html";

export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}

function render(value: Value): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}
