import { describe, expect, it } from "vitest";
import { parseCommand } from "../../src/github/parse-command.ts";
import { parseIgnoreArgs } from "../../src/github/parse-ignore-rule.ts";

describe("parseCommand", () => {
  it("reads a verb and its arguments, case-insensitively", () => {
    expect(parseCommand("/XIHE Fix please keep the API stable")).toEqual({
      kind: "command",
      verb: "fix",
      args: "please keep the API stable",
    });
    expect(parseCommand("thanks!\n/xihe ask where is the cart total computed?")).toMatchObject({
      verb: "ask",
      args: "where is the cart total computed?",
    });
  });

  it("treats a bare /xihe as help", () => {
    expect(parseCommand("/xihe")).toEqual({ kind: "command", verb: "help", args: "" });
  });

  it("lets the first command of a comment win", () => {
    expect(parseCommand("/xihe explain src/a.ts\n/xihe fix")).toMatchObject({
      verb: "explain",
      args: "src/a.ts",
    });
  });

  it("reports an unknown verb", () => {
    expect(parseCommand("/xihe deploy prod")).toEqual({ kind: "unknown_verb", verb: "deploy" });
  });

  it("A07: ignores commands in quotes, code fences, indented code and mid-sentence", () => {
    expect(parseCommand("> /xihe fix")).toEqual({ kind: "none" });
    expect(parseCommand("  > > /xihe fix")).toEqual({ kind: "none" });
    expect(parseCommand("```\n/xihe fix\n```")).toEqual({ kind: "none" });
    expect(parseCommand("~~~~md\n/xihe fix\n~~~\n~~~~")).toEqual({ kind: "none" });
    expect(parseCommand("    /xihe fix")).toEqual({ kind: "none" });
    expect(parseCommand("please run /xihe fix on this")).toEqual({ kind: "none" });
    expect(parseCommand("`/xihe fix`")).toEqual({ kind: "none" });
    expect(parseCommand("/xihefix")).toEqual({ kind: "none" });
  });

  it("finds a command after a closed fence", () => {
    expect(parseCommand("```\ncode\n```\n/xihe status")).toMatchObject({ verb: "status" });
  });

  it("ignores a command hidden in an HTML comment", () => {
    expect(parseCommand("<!--\n/xihe fix\n-->")).toEqual({ kind: "none" });
  });
});

describe("parseIgnoreArgs", () => {
  it("reads a name and an optional major, minor or version, and says what is wrong otherwise", () => {
    expect(parseIgnoreArgs("lodash")).toEqual({ name: "lodash", scope: "all", version: null });
    expect(parseIgnoreArgs("@babel/core MAJOR")).toEqual({
      name: "@babel/core",
      scope: "major",
      version: null,
    });
    expect(parseIgnoreArgs("requests minor")).toEqual({ name: "requests", scope: "minor", version: null });
    expect(parseIgnoreArgs("greet v2.0.1")).toEqual({ name: "greet", scope: "version", version: "2.0.1" });
    expect(parseIgnoreArgs("")).toEqual({ problem: "`/xihe ignore` needs the package name" });
    expect(parseIgnoreArgs("$(rm) major")).toEqual({ problem: '"$(rm)" is not a package name' });
    expect(parseIgnoreArgs("a b c")).toMatchObject({ problem: expect.stringContaining("at most one") });
    expect(parseCommand("/xihe ignore lodash major")).toEqual({
      kind: "command",
      verb: "ignore",
      args: "lodash major",
    });
    expect(parseCommand("/xihe upgrade")).toEqual({ kind: "command", verb: "upgrade", args: "" });
  });
});
