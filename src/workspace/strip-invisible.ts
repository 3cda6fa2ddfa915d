// Removes characters a human reviewer cannot see but a model reads (A13): zero-width characters,
// bidirectional overrides, Unicode tag characters (which can spell out whole hidden instructions),
// and invisible formatting marks. Applied to every repository text that goes into a prompt; the
// count goes into the job log so a hidden payload is noticed, not just dropped.
// Combining marks (U+034F, variation selectors) are matched alone on purpose, hence the disable.
const invisible =
  // eslint-disable-next-line no-misleading-character-class
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F]|\uDB40[\uDD00-\uDDEF]/g;

export interface StrippedText {
  text: string;
  /** How many invisible characters were removed (0 when the text was clean). */
  removed: number;
}

export function stripInvisible(text: string): StrippedText {
  let removed = 0;
  const cleaned = text.replace(invisible, () => {
    removed += 1;
    return "";
  });
  return { text: cleaned, removed };
}
