import { describe, expect, it } from "vitest";
import { inferGoModulePath, packageDirectory } from "../../../src/perception/parsers/go-module-root.ts";
import { readGoPackageDiagnostics } from "../../../src/perception/parsers/go-package-diagnostics.ts";
import { fixtureLines } from "./parse-fixture.ts";

describe("go module root", () => {
  it("infers the module path from a build error of a real go test run", () => {
    const diagnostics = readGoPackageDiagnostics(fixtureLines("go-test-shipping-mixed"));
    expect(inferGoModulePath(diagnostics)).toBe("example.com/shipping");
  });

  it("strips a known module path, or a forge module path host/owner/repo[/vN]", () => {
    expect(packageDirectory("example.com/shipping/internal/rates", "example.com/shipping")).toBe(
      "internal/rates",
    );
    expect(packageDirectory("github.com/acme/shipping/v2/internal/rates", null)).toBe("internal/rates");
    expect(packageDirectory("github.com/acme/shipping", null)).toBe("");
    expect(packageDirectory("example.com/shipping/internal/rates", null)).toBeNull();
  });
});
