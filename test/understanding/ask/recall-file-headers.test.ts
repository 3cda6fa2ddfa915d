// A file's header (module docstring or opening comment) speaks for its symbols (file-header.ts,
// recall-weights.ts fileHeader): two modules with functions of the same name and body are told apart
// by what each module says it is for. The weight is passed here: on the seen questions it was
// measured and not kept (committed weight 0; bench/ask-corpus/RESULTS.md, session 52).
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { fileHeader } from "../../../src/understanding/ask/file-header.ts";
import { useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

const checkDigits = (about: string) =>
  [
    "# Copyright (C) 2020 Someone",
    "# This library is free software; see the licence.",
    "",
    `"""${about}`,
    "",
    "The last character is a check digit.",
    '"""',
    "",
    "def calc_check_digit(number):",
    "    total = sum((i + 1) * int(n) for i, n in enumerate(number))",
    "    return str(total % 11)",
    "",
  ].join("\n");

const repo = {
  "numbers/isbn.py": checkDigits("International Standard Book Number (ISBN) handling."),
  "numbers/issn.py": checkDigits("International Standard Serial Number (ISSN) for magazines."),
};

describe("fileHeader", () => {
  it("reads the module docstring after a licence comment", () => {
    const text = fileHeader(checkDigits("Book numbers.").split("\n"));
    expect(text).toContain("Book numbers.");
    expect(text).toContain("check digit");
    expect(text).not.toContain("Copyright");
  });

  it("takes no declaration's doc comment for the file's", () => {
    const lines = ["/** Parses a range. */", "export function parseRange(s) {}", ""];
    expect(fileHeader(lines)).toBe("");
    expect(fileHeader(["// Range parsing helpers.", "", ...lines])).toContain("Range parsing helpers.");
  });
});

describe("ask recall: a file's header", () => {
  it("puts the function of the module the question describes first", async () => {
    const { index, readLines } = await indexOf(repo);
    const question = "how is the check digit of a book number computed?";
    const [first] = recall(index, readLines, question, { weights: { fileHeader: 0.2 } });
    expect(first?.symbol.file).toBe("numbers/isbn.py");
    const [magazine] = recall(index, readLines, "how is a magazine's check digit computed?", {
      weights: { fileHeader: 0.2 },
    });
    expect(magazine?.symbol.file).toBe("numbers/issn.py");
  });

  it("scores both the same without the header", async () => {
    const { index, readLines } = await indexOf(repo);
    const ranked = recall(index, readLines, "how is a magazine's check digit computed?", {
      weights: { fileHeader: 0 },
    });
    expect(ranked[0]?.score).toBeCloseTo(ranked[1]?.score ?? -1, 9);
  });
});
