// The explain bench's grep truth for references (bench/explain-corpus/reference-lines.ts): code inside
// interpolations counts, strings and comments do not; imports over several lines bind their names;
// a spread is not a member access.
import { describe, expect, it } from "vitest";
import { blankText, referenceLines } from "../../bench/explain-corpus/reference-lines.ts";

describe("blankText", () => {
  it("keeps the code of a template literal's ${...} and blanks its text, nested templates too", () => {
    const text = "const a = `x ${parse(1)} parse`; // parse\nparse(1);";
    const out = blankText("a.ts", text);
    expect(out).toHaveLength(text.length);
    expect(out.match(/parse/g)).toHaveLength(2);
    expect(out.split("\n")[1]).toBe("parse(1);");
    const nested = blankText("a.ts", "`a ${`b ${inner(2)} word`} word`");
    expect(nested).toContain("inner(2)");
    expect(nested).not.toContain("word");
  });

  it("keeps an object literal's braces inside ${...} without closing the template early", () => {
    const out = blankText("a.js", "f(`${g({ a: 1 })} tail word`); h()");
    expect(out).toContain("g({ a: 1 })");
    expect(out).not.toContain("word");
    expect(out).toContain("h()");
  });

  it("keeps a Python f-string's replacement fields and blanks plain and raw strings", () => {
    const text = [
      'A = rf"""',
      "  {_TIME}  # not a comment",
      '"""',
      "B = f'{{_TIME}} {_TIME!r:>3}'",
      "C = r'{_TIME}'",
      "D = '_TIME'  # _TIME",
      "elif_ = 1",
    ].join("\n");
    const lines = blankText("m.py", text).split("\n");
    expect(lines[1]).toContain("{_TIME}");
    expect(lines[1]).not.toContain("comment");
    expect(lines[3]).not.toContain("{{_TIME}}");
    expect(lines[3]).toContain("{_TIME!r:>3}");
    expect(lines[4]).not.toContain("_TIME");
    expect(lines[5]).not.toContain("_TIME");
    expect(lines[6]).toBe("elif_ = 1");
  });
});

describe("referenceLines", () => {
  const src = { path: "src/parse.ts", text: "export function parsePath(x) {\n  return x;\n}\n" };

  it("binds names of an import that runs over several lines", () => {
    const test = {
      path: "test/u.test.ts",
      text: 'import {\n  other,\n  parsePath,\n} from "../src";\n\nparsePath("a");\nother(parsePath);\n',
    };
    expect(referenceLines({ name: "parsePath", file: src.path, line: 1 }, [src, test], "ufo")).toEqual([
      "test/u.test.ts:6",
      "test/u.test.ts:7",
    ]);
  });

  it("binds names of a destructuring require over several lines", () => {
    const test = {
      path: "test/u.js",
      text: 'const {\n  parsePath\n} = require("../src/parse")\nparsePath(1)\n',
    };
    expect(referenceLines({ name: "parsePath", file: src.path, line: 1 }, [src, test], "ufo")).toEqual([
      "test/u.js:4",
    ]);
  });

  it("counts a spread call and an interpolated call, not a member of another object", () => {
    const own = {
      path: "src/q.ts",
      text: [
        "export function parseQuery(s) { return {}; }",
        "const a = { ...parseQuery(s) };",
        "const b = `${parseQuery(s)}`;",
        "const c = other.parseQuery(s);",
        "// parseQuery(s)",
      ].join("\n"),
    };
    expect(referenceLines({ name: "parseQuery", file: own.path, line: 1 }, [own], "ufo")).toEqual([
      "src/q.ts:2",
      "src/q.ts:3",
    ]);
  });
});
