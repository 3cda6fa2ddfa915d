import { describe, expect, it } from "vitest";
import { compareSignatures } from "../../../src/understanding/explain/signature-compatibility.ts";
import { behaviourChanges } from "../../../src/understanding/explain/behaviour-changes.ts";

describe("compareSignatures", () => {
  it.each([
    [
      "export function f(a: string)",
      "export function f(a: string, b = 1)",
      "parameter b added with a default",
    ],
    [
      "export function f(a: string)",
      "export function f(a: string, b?: number)",
      "parameter b added as optional",
    ],
    [
      "export function f(a: string)",
      "export function f(a: string | number)",
      "type of a widened or unstated (string → string | number)",
    ],
    [
      "export function f<T>(a: T)",
      "export function f<T, U = string>(a: T)",
      "generic parameter U added with a default",
    ],
    ["def f(self, a: int)", "def f(self, a: int | None)", "type of a widened or unstated (int → int | None)"],
  ])("%s → %s is compatible", (before, after, reason) => {
    const change = compareSignatures(before, after, before.startsWith("def"));
    expect(change.compatibility).toBe("compatible");
    expect(change.reasons).toEqual([reason]);
  });

  it.each([
    ["export function f(a, b)", "export function f(a)", "parameter b removed"],
    ["export function f(a, b)", "export function f(b, a)", "parameters reordered (a moved)"],
    ["export function f(a)", "export function f(a, b)", "new required parameter b"],
    ["export function f(a = 1)", "export function f(a)", "parameter a is now required"],
    [
      "export function f(a: string | number)",
      "export function f(a: string)",
      "type of a changed from string | number to string",
    ],
    ["def f(path)", "def f(file)", "parameter path renamed to file (calls by keyword break)"],
    ["export function f(a)", "export async function f(a)", "now async: callers get a promise"],
  ])("%s → %s is breaking", (before, after, reason) => {
    const change = compareSignatures(before, after, before.startsWith("def"));
    expect(change.compatibility).toBe("breaking");
    expect(change.reasons).toContain(reason);
  });

  it("reports a changed default as a behaviour change, not a compatibility one", () => {
    const change = compareSignatures("def load(fp, strict=False)", "def load(fp, strict=True)", true);
    expect(change).toEqual({
      compatibility: "compatible",
      reasons: [],
      defaults: ["default of strict changed from False to True"],
    });
  });
});

describe("behaviourChanges", () => {
  it("names a rewritten regular expression, a changed condition and a newly raised exception", () => {
    expect(
      behaviourChanges([
        "-  const re = /^[a-z]+$/;",
        "-  if (x > 0) {",
        "+  const re = /^[a-z0-9_-]+$/i;",
        "+  if (x >= 0) {",
        "+    throw new RangeError('negative');",
      ]),
    ).toEqual([
      "regular expression changed: `/^[a-z]+$/` → `/^[a-z0-9_-]+$/i`",
      "condition changed: `(x > 0)` → `(x >= 0)`",
      "now raises RangeError",
    ]);
    expect(
      behaviourChanges(['-    m = re.match(r"\\d+", s)', '+    m = re.match(r"\\d+(\\.\\d+)?", s)']),
    ).toEqual(['regular expression changed: `r"\\d+"` → `r"\\d+(\\.\\d+)?"`']);
  });
});
