import { describe, expect, it } from "vitest";
import { shellcheckParser } from "../../../src/perception/parsers/shellcheck-parser.ts";
import { brief, fixtureLines, parseFixture } from "./parse-fixture.ts";

const at = (file: string, line: number, column: number, rule: string, message: string) => ({
  file,
  line,
  column,
  rule,
  message,
  test: null,
  kind: "lint",
});
const quote = "Double quote to prevent globbing and word splitting.";
const release = "scripts/release.sh";
const check = "scripts/ci/check.sh";
const all = [
  at(release, 5, 18, "SC2086", quote),
  at(release, 7, 1, "SC2164", "Use 'cd ... || exit' or 'cd ... || return' in case cd fails."),
  at(release, 7, 4, "SC2086", quote),
  at(release, 8, 6, "SC2086", quote),
  at(check, 3, 1, "SC2162", "read without -r will mangle backslashes."),
  at(check, 5, 1, "SC3043", "In POSIX sh, 'local' is undefined."),
];
const byPlace = (a: ReturnType<typeof at>, b: ReturnType<typeof at>) =>
  `${a.file}:${a.line}:${a.column}`.localeCompare(`${b.file}:${b.line}:${b.column}`);

describe("shellcheck parser", () => {
  it.each([
    "shellcheck-deploy-tty",
    "shellcheck-deploy-gcc",
    "shellcheck-deploy-checkstyle",
    "shellcheck-deploy-json1",
  ])("reads every level, with columns, from the %s format", (caseId) => {
    const found = parseFixture(shellcheckParser, caseId).map(brief) as ReturnType<typeof at>[];
    expect(found.sort(byPlace)).toEqual([...all].sort(byPlace));
  });

  it("reads the coloured tty format once escapes are gone", () => {
    expect(parseFixture(shellcheckParser, "shellcheck-deploy-color").map(brief)).toEqual(all.slice(4));
  });

  it("does not claim gcc output", () => {
    expect(shellcheckParser.detect(fixtureLines("generic-cgeo-gcc"))).toBe(0);
  });
});
