// The shapes of the reversed call graph (incoming-edges.ts builds it): the builders of its parts
// (call-edges.ts, class-edges.ts, import-edges.ts) fill these, and incoming-edges.ts imports the
// builders, so the shapes live apart to keep the modules free of an import cycle.
import type { CodeSymbol } from "../index/code-index.ts";

export interface Edge {
  from: string | null;
  file: string;
  line: number;
  /** For a call through an imported name: the repository file that import resolves to. */
  resolved?: string;
  /** The function is handed on as a value there (`run = deprecated(cli.run)`), not called. */
  value?: true;
}

export interface IncomingEdges {
  into: Map<string, Edge[]>;
  /** Calls the index left unresolved, by callee name, made through a binding into the repository
   * (`tomllib.loads` where `tomllib` is the project's package; never `json.loads`). */
  byName: Map<string, Edge[]>;
  /** Unresolved `x.name()` / `this.x.name()` calls by member name, for a method whose name no other
   * method of the repository has (a mocha `this.negotiator.charsets()`, a `self.cache.get()`): the
   * index leaves a field receiver's type unknown, but only one method can answer that name. */
  byMember: Map<string, Edge[]>;
  /** Every call through a name imported from a repository file, by called name, whether or not
   * the index resolved it: the index may have guessed (`qs.stringify` through lib/index.js taken
   * for lib/stringify.js's inner `stringify`), and what the imported module hands out decides. */
  throughImport: Map<string, Edge[]>;
  /** How many methods of the repository have each name. */
  methodCount: Map<string, number>;
  /** Files under test folders that other test files import (a mocha `test/support/match.js`): they
   * run nothing by themselves, so the walk goes on to the tests that call them. */
  testHelpers: Set<string>;
  /** Test-side files the test run does not load as tests (unconventional-test-files.ts); a test
   * helper among them is still walked through. */
  notLoadedAsTests: Set<string>;
  /** Repository file -> the repository files it imports: what a module can pass on. */
  importsOf: Map<string, Set<string>>;
  /** Class id -> the classes naming it as a base (matched by base name, as class-methods.ts does). */
  subclasses: Map<string, CodeSymbol[]>;
  /** Class id -> the classes it names as bases: `subclasses` the other way. */
  superclasses: Map<string, CodeSymbol[]>;
  /** `self.m()` / `this.m()` calls made in a method of a class, by `classId\0m`, whether or not the
   * index resolved them: on an instance of a subclass they run the subclass's override. */
  receiverCalls: Map<string, Edge[]>;
  /** Class id -> the bare `super(...)` calls made in its constructor (super-constructor-calls.ts). */
  superConstructorCalls: Map<string, Edge[]>;
  /** Names a test file imports by name from a repository file, by the name in that module, with
   * the file the import resolves to: a function a test only passes on as a value
   * (`pytest.mark.parametrize("func", [bump_major])`) still runs in that test. */
  importedByTests: Map<string, Edge[]>;
  /** Repository file -> the imports that load it: loading the importer loads the file and runs its
   * top-level code (module-load.ts); a Python import also loads the packages around its module and
   * the submodules it names (import-loads.ts). */
  importers: Map<string, Edge[]>;
  /** `path:line` of top-level calls under a script guard (`if __name__ == "__main__":`): they run only
   * when the file runs as a script, so importing the file does not run them. */
  scriptOnly: Set<string>;
}
