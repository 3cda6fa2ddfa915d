// What a question quotes rather than says (`-->`, `U+2028`, 0x80, 65535) found in the literals of the
// code that handles it, and a wrapper told apart from its callee by more than an accessor prefix; each
// on a small fixture with a real tree-sitter parse.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import {
  bodyLiterals,
  questionLiterals,
  spellsLiteral,
} from "../../../src/understanding/ask/question-literals.ts";
import { namedCharacters } from "../../../src/understanding/ask/named-characters.ts";
import { lines } from "../make-repo.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();
// Without the literal rule the other function is first: with its words counted in full, as they were
// before short symbols counted less (recall-short-symbols.test.ts), since both are under 7 lines.
const fullWords = { shortLines: 0 };

describe("ask recall: the question's literal tokens", () => {
  it("takes the tokens with a digit or a symbol, not prose", () => {
    expect(
      questionLiterals(
        "how is comment text kept from ending early, for example when it contains -->? (see U+2028, 'xn--', 65535)",
      ),
    ).toEqual(["-->", "U+2028", "xn--", "65535"]);
    expect(
      questionLiterals(
        "why is a flow-control window's three- or four-digit keep-alive or/and rule refused, e.g. here?",
      ),
    ).toEqual([]);
  });

  // A `/xihe ask` comment can be 65,536 characters; a trailing-punctuation regex tried every start of
  // this run (quadratic: a 200,000-dot token took over two minutes, past the test timeout).
  it("strips a long run of punctuation inside one token in linear time", () => {
    const run = ".".repeat(200_000);
    expect(questionLiterals(`why does ${run}x?! fail on "(${run}y)"`)).toEqual([`${run}x`, `${run}y`]);
  });

  it("finds a number by its value, in hex or decimal, and anything else inside a string literal", () => {
    const body = bodyLiterals(["if (byte === 0x80) throw new Error('bad -->')", "return '\\u2028' + 65535"]);
    expect(spellsLiteral(body, "128")).toBe(true);
    expect(spellsLiteral(body, "0x80")).toBe(true);
    expect(spellsLiteral(body, "65535")).toBe(true);
    expect(spellsLiteral(body, "-->")).toBe(true);
    expect(spellsLiteral(body, "U+2028")).toBe(true);
    expect(spellsLiteral(body, "U+2029")).toBe(false);
    // `byte` is code, not a literal: an identifier is matched by the words, not here.
    expect(spellsLiteral(body, "1")).toBe(false);
  });

  it("ranks the function that spells the quoted token above a namesake that only has the words", async () => {
    const { index, readLines } = await indexOf({
      "html.js": lines(
        "export function readComment(text, start) {",
        "  // kept as written",
        "  return text.slice(start)",
        "}",
        "",
        "export function writeComment(node) {",
        "  // kept as written",
        "  const value = node.value.split('-->').join('--&gt;')",
        "  return '<!--' + value + '-->'",
        "}",
      ),
    });
    const question = "how is a comment kept from ending early when it contains -->?";
    const ranked = recall(index, readLines, question);
    expect(names(ranked)[0]).toBe("writeComment");
    expect(ranked[0]?.why).toContain(`its literals spell the question's "-->"`);
    expect(names(recall(index, readLines, question, { weights: { literal: 0, ...fullWords } }))[0]).toBe(
      "readComment",
    );
  });
});

describe("ask recall: wrappers", () => {
  it("takes no callee for a wrapper's implementation because both names start with get", async () => {
    const { index, readLines } = await indexOf({
      "contrast.js": lines(
        "export function getContrast(color1, color2) {",
        "  const l1 = getLuminance(color1)",
        "  const l2 = getLuminance(color2)",
        "  return l1 > l2 ? (l1 + 0.05) / (l2 + 0.05) : (l2 + 0.05) / (l1 + 0.05)",
        "}",
        "",
        "export function getLuminance(color) {",
        "  const r = color.r / 255",
        "  const g = color.g / 255",
        "  const b = color.b / 255",
        "  const lin = (c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)",
        "  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)",
        "}",
      ),
    });
    const ranked = recall(index, readLines, "how is the contrast ratio between two colors computed?");
    expect(names(ranked)[0]).toBe("getContrast");
    expect(ranked.flatMap((r) => r.why).filter((w) => w.includes("short wrapper"))).toEqual([]);
  });
});

describe("ask recall: characters the question names in words", () => {
  it("reads a tilde, slashes and brackets as the characters, not a hash, a star or a pipe", () => {
    const names = (q: string) => namedCharacters(q).map((c) => c.name);
    expect(names("how are a tilde or two slashes inside a key written, in square brackets?")).toEqual([
      "tilde",
      "slash",
      "bracket",
    ]);
    expect(names("is a backslash or a hyphen-minus kept?")).toEqual(["backslash", "dash"]);
    expect(names("which hash is used, and is a star or a pipe table written?")).toEqual([]);
  });

  it("ranks the function whose literals spell a named character above one that only has the words", async () => {
    const { index, readLines } = await indexOf({
      "attributes.js": lines(
        "/** How an attribute is written: its name, when a keyword, then its value in quotes. */",
        "export function renderAttribute(name, value) {",
        "  return name + '=' + JSON.stringify(value)",
        "}",
        "",
        "/** What a keyword argument stands for. */",
        "export function attributeName(keyword) {",
        "  return keyword.split('_').join('-')",
        "}",
      ),
    });
    const question = "how does an attribute name get a dash when it is written as a keyword?";
    const ranked = recall(index, readLines, question);
    expect(names(ranked)[0]).toBe("attributeName");
    expect(ranked[0]?.why).toContain("its literals spell the question's - (dash)");
    expect(names(recall(index, readLines, question, { weights: { literal: 0, ...fullWords } }))[0]).toBe(
      "renderAttribute",
    );
  });
});
