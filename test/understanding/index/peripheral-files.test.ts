// Which files are examples, docs, benchmarks or scripts: named so, and not imported by the library.
// eemeli/yaml keeps its Document class in `src/doc/`; halving it as documentation hid it from
// `ask` and `locate` alike.
import { afterEach, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import { createSymbolLookup } from "../../../src/understanding/index/symbol-lookup.ts";
import { filePrior } from "../../../src/understanding/localize/path-prior.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";

let repo: TestRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

describe("peripheral files", () => {
  it("keeps a doc/ folder the library imports, directly or through it, as library code", async () => {
    repo = makeRepo({
      "src/index.ts": lines(
        "import { Document } from './doc/Document.ts'",
        "export const parse = () => new Document()",
      ),
      "src/doc/Document.ts": lines(
        "import { findNewAnchor } from './anchors.ts'",
        "export class Document { anchor = findNewAnchor('a') }",
      ),
      "src/doc/anchors.ts": lines("export function findNewAnchor(prefix: string) { return prefix + '1' }"),
      "docs/prepare-docs.ts": lines(
        "import { parse } from '../src/index.ts'",
        "export const page = () => parse()",
      ),
      "examples/server.ts": lines(
        "import { helper } from './helper.ts'",
        "export const run = () => helper()",
      ),
      "examples/helper.ts": lines("export function helper() { return 1 }"),
      "test/anchors.test.ts": lines(
        "import { findNewAnchor } from '../src/doc/anchors.ts'",
        "findNewAnchor('x')",
      ),
    });
    const lookup = createSymbolLookup(await buildIndex(repo.root, { cache: null }));
    for (const library of ["src/index.ts", "src/doc/Document.ts", "src/doc/anchors.ts"]) {
      expect(lookup.isPeripheral(library), library).toBe(false);
      expect(filePrior(lookup, library), library).toBe(1);
    }
    for (const peripheral of ["docs/prepare-docs.ts", "examples/server.ts", "examples/helper.ts"]) {
      expect(lookup.isPeripheral(peripheral), peripheral).toBe(true);
      expect(filePrior(lookup, peripheral), peripheral).toBe(0.5);
    }
  });
});
