// The option grammar of each read-only command the agent may run, from the tools' own manuals (GNU
// grep/coreutils/findutils, ripgrep, git diff/log/show). Only letters that really take a value are
// listed as value-taking: listing a flag there would hide the letters clustered after it. Forbidden:
// options that write files, run programs, read a file the operands don't name, or follow symlinks
// out of the workspace while walking it.
import type { OptionGrammar } from "./parse-options.ts";

function longOptions(flags: string, values: string): Record<string, "flag" | "value"> {
  const out: Record<string, "flag" | "value"> = {};
  for (const name of flags.split(" ").filter(Boolean)) out[name] = "flag";
  for (const name of values.split(" ").filter(Boolean)) out[name] = "value";
  return out;
}

const grep: OptionGrammar = {
  shortWithValue: "efmABCdD",
  long: longOptions(
    "extended-regexp fixed-strings basic-regexp perl-regexp ignore-case no-ignore-case invert-match " +
      "word-regexp line-regexp count color colour files-without-match files-with-matches only-matching " +
      "quiet silent no-messages byte-offset with-filename no-filename line-number line-buffered " +
      "initial-tab unix-byte-offsets null null-data text recursive help version",
    "regexp max-count label after-context before-context context binary-files devices " +
      "directories exclude exclude-dir include",
  ),
  forbiddenShort: "fR",
  forbiddenLong: ["file", "exclude-from", "dereference-recursive"],
};

const rg: OptionGrammar = {
  shortWithValue: "efgmtTMjErdABC",
  long: longOptions(
    "ignore-case smart-case case-sensitive fixed-strings word-regexp line-regexp count " +
      "files-with-matches files-without-match files only-matching line-number no-line-number hidden " +
      "no-ignore no-heading heading with-filename no-filename invert-match json " +
      "null pretty vimgrep stats multiline help version",
    "regexp glob iglob max-count type type-not max-columns threads encoding replace max-depth " +
      "after-context before-context context color colors sort sortr",
  ),
  forbiddenShort: "fzL",
  forbiddenLong: ["file", "pre", "pre-glob", "search-zip", "ignore-file", "follow"],
};

const headTail: OptionGrammar = {
  shortWithValue: "cns",
  long: longOptions(
    "quiet silent verbose zero-terminated help version",
    "bytes lines sleep-interval pid max-unchanged-stats",
  ),
  forbiddenShort: "fF",
  forbiddenLong: ["follow", "retry"],
};

const git: OptionGrammar = {
  // diff/log/show: -U<n> -S<s> -G<re> -O<file> -l<n> -n <n> -L<range>; -M/-C/-B take their value
  // attached only, so they are flags here (the next word stays a word).
  shortWithValue: "USGOlnL",
  long: longOptions("", ""),
  forbiddenShort: "O",
  forbiddenLong: [
    "output",
    "output-directory",
    "ext-diff",
    "textconv",
    "no-index",
    "exec",
    "upload-pack",
    "receive-pack",
  ],
};

export const readOnlyGrammars: Readonly<Record<string, OptionGrammar>> = {
  grep,
  rg,
  head: headTail,
  tail: headTail,
  git,
  cat: {
    shortWithValue: "",
    long: longOptions(
      "show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting help version",
      "",
    ),
    forbiddenShort: "",
    forbiddenLong: [],
  },
  wc: {
    shortWithValue: "",
    long: longOptions("bytes chars lines max-line-length words help version", "total"),
    forbiddenShort: "",
    forbiddenLong: ["files0-from"],
  },
  ls: {
    shortWithValue: "ITw",
    long: longOptions("all almost-all recursive dereference-command-line human-readable", "ignore width"),
    forbiddenShort: "L",
    forbiddenLong: ["dereference"],
  },
};
