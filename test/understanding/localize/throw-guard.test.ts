import { describe, expect, it } from "vitest";
import { absenceCheckedIn, nothingCheckedIn } from "../../../src/understanding/localize/throw-guard.ts";

describe("the value a throw's guard finds missing", () => {
  it("reads absence checks, never a presence check or a word that only contains `is`", () => {
    expect(absenceCheckedIn(" (!name) {")).toBe("name");
    expect(absenceCheckedIn(" value is None:")).toBe("value");
    expect(absenceCheckedIn(" value is not None:")).toBeNull();
    expect(absenceCheckedIn(" basisNone:")).toBeNull();
    expect(nothingCheckedIn(" basisNone:")).toBeNull();
    expect(nothingCheckedIn(" (found !== null) {")).toBeNull();
    expect(nothingCheckedIn(' (typeof t === "undefined") {')).toBe("t");
  });
});
