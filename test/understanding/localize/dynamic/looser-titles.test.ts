import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filteredArgv } from "../../../../src/understanding/localize/dynamic/filtered-argv.ts";
import { looserTitles } from "../../../../src/understanding/localize/dynamic/looser-titles.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

let scratch: ReturnType<typeof makeScratchDir>;
let isCheckoutPath: (path: string) => boolean;
beforeAll(() => {
  scratch = makeScratchDir("looser-titles");
  for (const file of ["fixtures/compress/atrules/keyframes-3.css", "test/parse.js"]) {
    mkdirSync(join(scratch.dir, file, ".."), { recursive: true });
    writeFileSync(join(scratch.dir, file), "");
  }
  isCheckoutPath = (path) => existsSync(join(scratch.dir, path));
});
afterAll(() => scratch.remove());

/** Whether `pattern` (as mocha, jest, vitest and node take it) matches `title`. */
const matches = (pattern: string, title: string) => new RegExp(pattern).test(title);

describe("looser title patterns for a retry when the log's titles selected no test", () => {
  it("keeps the tail of a path that names a checkout file, with any leading folders", () => {
    const loose = looserTitles(
      [{ name: "compress csso/fixtures/compress/atrules/keyframes-3.css", file: "test/compress.js" }],
      isCheckoutPath,
    );
    const pattern = loose!.targets[0]!.patterns!.name;
    expect(matches(pattern, "compress csso-02/fixtures/compress/atrules/keyframes-3.css")).toBe(true);
    expect(matches(pattern, "compress /tmp/x/fixtures/compress/atrules/keyframes-3.css")).toBe(true);
    expect(matches(pattern, "compress fixtures/compress/atrules/keyframes-3.css")).toBe(true);
    // the words around the path and the path's own tail still have to match
    expect(matches(pattern, "minify csso-02/fixtures/compress/atrules/keyframes-3.css")).toBe(false);
    expect(matches(pattern, "compress csso-02/fixtures/compress/atrules/keyframes-33.css")).toBe(false);
    expect(loose!.note).toContain("compress …/fixtures/compress/atrules/keyframes-3.css");
  });

  it("opens a CI job's absolute checkout path, from Linux or Windows, down to the repository's part", () => {
    const loose = looserTitles(
      [
        { name: "/home/runner/work/app/app/test/parse.js parses", file: null },
        { name: String.raw`D:\a\app\app\test\parse.js parses`, file: null },
      ],
      isCheckoutPath,
    );
    const [linux, windows] = loose!.targets.map((t) => t.patterns!.name);
    expect(matches(linux!, "/sandbox/checkout-7/test/parse.js parses")).toBe(true);
    expect(matches(windows!, "/sandbox/checkout-7/test/parse.js parses")).toBe(true);
  });

  it("keeps only the last segment of an absolute path outside the checkout (a temp dir)", () => {
    const loose = looserTitles([{ name: "writes /tmp/jest-abc123/out.json", file: null }], isCheckoutPath);
    const pattern = loose!.targets[0]!.patterns!.name;
    expect(matches(pattern, "writes /tmp/jest-zz9/out.json")).toBe(true);
    expect(matches(pattern, "writes /tmp/jest-zz9/in.json")).toBe(false);
  });

  it("has no retry for titles whose paths are the checkout's own or no path at all", () => {
    expect(
      looserTitles(
        [
          { name: "fixtures/compress/atrules/keyframes-3.css", file: null },
          { name: "reads and/or writes", file: null },
          { name: "adds", file: null },
          { name: null, file: "test/parse.js" },
        ],
        isCheckoutPath,
      ),
    ).toBeNull();
  });

  it("lets a title's flattened line breaks stand for any whitespace: vitest's spaces, node:test's \\n", () => {
    // The test `joins\n  two lines` as perception reads it from vitest's tap-flat and from node:test's
    // TAP (test/fixtures/perception/*-tap*-escapes).
    const loose = looserTitles(
      [
        { name: "joins   two lines", file: "test/slug.test.js" },
        { name: String.raw`joins\n  two lines`, file: "test/slug.test.js" },
      ],
      isCheckoutPath,
    );
    const [vitest, node] = loose!.targets.map((t) => t.patterns!.name);
    for (const pattern of [vitest!, node!]) {
      expect(matches(pattern, "joins\n  two lines")).toBe(true);
      expect(matches(pattern, "joins   two lines")).toBe(true);
      expect(matches(pattern, "joins two\nlines")).toBe(true);
      expect(matches(pattern, "joins\n  three lines")).toBe(false);
      expect(matches(pattern, "joinstwo lines")).toBe(false);
    }
    // node:test prints a title's own backslash and `n` as it prints a newline: either matches.
    expect(matches(node!, String.raw`joins\n  two lines`)).toBe(true);
    expect(loose!.note).toBe(
      "the filter selected no test by the log's titles, so they were re-run with any whitespace where a title shows a run of spaces or a printed \\n",
    );
  });

  it("loosens both a title's path and its flattened line breaks, and says both", () => {
    const loose = looserTitles(
      [{ name: "reads /tmp/jest-abc123/out.json {   a: 1 }", file: null }],
      isCheckoutPath,
    );
    const pattern = loose!.targets[0]!.patterns!.name;
    expect(matches(pattern, "reads /tmp/jest-zz9/out.json {\n  a: 1\n}")).toBe(true);
    expect(loose!.note).toContain("left open (reads …/out.json {   a: 1 }) and any whitespace");
  });

  it("keeps single spaces as they are: no sign of a flattened line break, no retry", () => {
    expect(looserTitles([{ name: "joins two lines", file: null }], isCheckoutPath)).toBeNull();
  });

  it("loosens a retry's targets only once", () => {
    const once = looserTitles(
      [{ name: "csso/fixtures/compress/atrules/keyframes-3.css", file: null }],
      isCheckoutPath,
    );
    expect(looserTitles(once!.targets, isCheckoutPath)).toBeNull();
  });

  it("puts the looser patterns in the runners' title filters, node:test's ancestors too", () => {
    const loose = looserTitles(
      [
        {
          name: "keyframes",
          file: "test/compress.js",
          ancestors: ["/home/runner/work/app/app/test/parse.js"],
        },
        { name: "csso/fixtures/compress/atrules/keyframes-3.css", file: "test/compress.js" },
      ],
      isCheckoutPath,
    )!;
    const node = filteredArgv("node_test", ["node", "--test"], loose.targets)!;
    expect(node).toContain(String.raw`--test-name-pattern=^(?:\S*[/\\])?test[/\\]parse\.js$`);
    expect(node).toContain("--test-name-pattern=keyframes$");
    const mocha = filteredArgv("mocha", ["mocha", "test"], loose.targets)!;
    const grep = mocha[mocha.indexOf("--grep") + 1]!;
    expect(matches(grep, "compress csso-02/fixtures/compress/atrules/keyframes-3.css")).toBe(true);
    const jest = filteredArgv("jest", ["jest"], loose.targets)!;
    expect(jest[jest.indexOf("-t") + 1]).toBe(grep);
  });
});
