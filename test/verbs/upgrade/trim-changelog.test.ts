import { describe, expect, it } from "vitest";
import { trimChangelog } from "../../../src/verbs/upgrade/trim-changelog.ts";

// Shapes as packages write them: keep-a-changelog headings with links and dates, `#` and `v`
// prefixes, setext headings (History.md style).
const keepAChangelog = `# Changelog

## [Unreleased]

## [3.0.0] - 2024-05-01
### Changed
- **BREAKING**: \`hello()\` is renamed to \`greet()\`.
- Faster startup.

## [2.1.0] - 2024-03-01
### Deprecated
- \`shout()\` is deprecated; use \`greet({ loud: true })\`.

## [2.0.1] - 2024-02-01
- Fix a typo.

## [2.0.0] - 2024-01-01
- Removed \`whisper()\`.
`;

describe("trimChangelog", () => {
  it("keeps the sections after `from` up to `to` and pulls out breaking and deprecation lines", () => {
    const got = trimChangelog(keepAChangelog, { from: "2.0.1", to: "3.0.0" });
    expect(got?.versions).toEqual(["3.0.0", "2.1.0"]);
    expect(got?.text).toBe(
      "## [3.0.0] - 2024-05-01\n### Changed\n- **BREAKING**: `hello()` is renamed to `greet()`.\n- Faster startup.\n\n## [2.1.0] - 2024-03-01\n### Deprecated\n- `shout()` is deprecated; use `greet({ loud: true })`.",
    );
    expect(got?.breaking).toEqual([
      "**BREAKING**: `hello()` is renamed to `greet()`.",
      "### Deprecated",
      "`shout()` is deprecated; use `greet({ loud: true })`.",
    ]);
    expect(got?.truncated).toBe(false);
  });

  it("reads setext and v-prefixed headings, and trims long sections", () => {
    const history = `2.0.0 / 2024-01-01\n==================\n\n${Array.from({ length: 30 }, (_, i) => `  * change ${i}`).join("\n")}\n\n1.9.0 / 2023-12-01\n==================\n\n  * old\n`;
    const got = trimChangelog(history, { from: "1.9.0", to: "2.0.0" }, 10);
    expect(got?.versions).toEqual(["2.0.0"]);
    expect(got?.text.split("\n")).toHaveLength(10);
    expect(got?.truncated).toBe(true);
    expect(
      trimChangelog("# v1.1.0\n- drops node 14 support\n# v1.0.0\n", { from: "1.0.0", to: "1.1.0" })
        ?.breaking,
    ).toEqual(["drops node 14 support"]);
  });

  it("returns null when no heading names a crossed version, or the versions are not semver", () => {
    expect(trimChangelog(keepAChangelog, { from: "3.0.0", to: "3.1.0" })).toBeNull();
    expect(trimChangelog("just prose about 2.0.0\n", { from: "1.0.0", to: "2.0.0" })).toBeNull();
    expect(trimChangelog(keepAChangelog, { from: "2.0", to: "3.0" })).toBeNull();
  });
});
