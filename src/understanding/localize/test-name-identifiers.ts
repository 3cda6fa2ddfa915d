// The identifiers a failing test's name spells: `global should have cycler` names `cycler`,
// `lexer match result isKeyword()` names `isKeyword`, pytest's `tests/test_encoding.py::TestX::
// test_html_body_declared_encoding` names `html_body_declared_encoding`. A test is named after the
// function it exercises far more often than a failure message prints that function's name, which is
// all the exact_name signal read before (RESULTS.md session 44).
import { identifiersIn } from "../index/split-identifiers.ts";

// xUnit prefixes a test's own name: `test_parse_date`, `testParseDate`, `TestCacheControl`.
const TEST_PREFIX = /^(?:test_+|[Tt]est(?=[A-Z_]))/;

export function testNameIdentifiers(testNames: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const name of testNames) {
    // A pytest id starts with the test file's path, which names the file, not the code under test.
    const own = name.includes("::") ? name.slice(name.indexOf("::") + 2) : name;
    for (const word of identifiersIn(own)) {
      out.add(word);
      const bare = word.replace(TEST_PREFIX, "").replace(/^_+/, "");
      if (bare !== word && bare.length >= 3) out.add(bare);
    }
  }
  return out;
}
