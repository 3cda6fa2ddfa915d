import { describe, expect, it } from "vitest";
import {
  identifiersIn,
  splitIdentifier,
  splitIdentifiers,
} from "../../../src/understanding/index/split-identifiers.ts";

describe("splitIdentifier", () => {
  it("splits camelCase, PascalCase with acronyms, snake_case and digits into lower-case terms", () => {
    expect(splitIdentifier("parseHexChar")).toEqual(["parse", "hex", "char"]);
    expect(splitIdentifier("parse_hex_char")).toEqual(["parse", "hex", "char"]);
    expect(splitIdentifier("XMLHttpRequest2")).toEqual(["xml", "http", "request"]);
    expect(splitIdentifier("utf8Decode")).toEqual(["utf", "decode"]);
    expect(splitIdentifier("$scope")).toEqual(["scope"]);
  });

  it("drops stop words, keywords and one-letter parts", () => {
    expect(splitIdentifier("x")).toEqual([]);
    expect(splitIdentifier("isTheValue")).toEqual(["value"]);
  });
});

describe("splitIdentifiers", () => {
  it("keeps repeats so term frequency counts", () => {
    expect(splitIdentifiers("total(cart) + cartTotal")).toEqual(["total", "cart", "cart", "total"]);
  });
});

describe("identifiersIn", () => {
  it("returns whole identifiers of at least three characters as written, without keywords", () => {
    expect([...identifiersIn("TypeError: cartTotal is not a function at x")].sort()).toEqual([
      "TypeError",
      "cartTotal",
    ]);
  });
});
