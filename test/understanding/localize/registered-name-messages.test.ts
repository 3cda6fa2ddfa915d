// Which registration names the failure messages spell: compound keys only, as whole tokens (a vendor
// prefix's tail included), and none at all once the messages spell more than a few of them.
import { describe, expect, it } from "vitest";
import { splitIdentifier } from "../../../src/understanding/index/split-identifiers.ts";
import { spelledInMessages } from "../../../src/understanding/localize/registered-name-messages.ts";
import type { RegisteredNames } from "../../../src/understanding/localize/registered-names.ts";

const registered: RegisteredNames = new Map(
  ["font-weight", "line-height", "text-indent", "word-break", "tabSize", "color", "margin"].map((key) => [
    key,
    new Set([`src/props.js#${key}@1`]),
  ]),
);
const parts = (alias: string) => splitIdentifier(alias.replace(/[-.:]+/g, "_"));
const spelled = (messages: string[], named: ReadonlySet<string> = new Set()) =>
  spelledInMessages(registered, messages, named, parts).map((m) => `${m.alias} ${m.spelled} ${m.strength}`);

describe("spelledInMessages", () => {
  it("finds a compound key as a whole token, in the share of messages that spell it", () => {
    expect(spelled(["'a{font-weight:700}' !== 'a{font-weight:bold}'", "expected 2 to equal 3"])).toEqual([
      "font-weight 1 0.25",
    ]);
  });

  it("reads a vendor-prefixed name as the name it prefixes", () => {
    expect(spelled(["b{-webkit-line-height:1}"])).toEqual(["line-height 1 0.5"]);
  });

  it("skips a one-word key, a key inside a longer name and a key a test name already spells", () => {
    expect(spelled(["a{color:red;margin:0;word-break-all:1}"])).toEqual([]);
    expect(spelled(["tabSize: 4"], new Set(["tabSize"]))).toEqual([]);
  });

  it("credits none once the messages spell more than three compound keys", () => {
    expect(spelled(["a{font-weight:1;line-height:2;text-indent:3}"])).toHaveLength(3);
    expect(spelled(["a{font-weight:1;line-height:2;text-indent:3}", "tabSize word-break"])).toEqual([]);
  });
});
