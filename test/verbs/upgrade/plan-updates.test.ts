import { describe, expect, it } from "vitest";
import {
  planUpdates,
  type PackageVersions,
  type PlanOptions,
} from "../../../src/verbs/upgrade/plan-updates.ts";
import type { DirectDependency } from "../../../src/verbs/upgrade/plan-updates.ts";

const dep = (name: string, range: string, locked: string | null = null): DirectDependency => ({
  name,
  range,
  field: "dependencies",
  locked,
});
const info = (
  name: string,
  versions: string[],
  opts: { latest?: string; deprecated?: string[] } = {},
): [string, PackageVersions] => [
  name,
  {
    name,
    latest: opts.latest ?? versions.at(-1) ?? null,
    versions: versions.map((version) => ({
      version,
      deprecated: opts.deprecated?.includes(version) ?? false,
    })),
  },
];
const options: PlanOptions = { ignore: [], groups: {}, maxGroups: 5, includeMajor: false, only: null };

describe("planUpdates", () => {
  it("groups in-range minor and patch updates and holds majors without --major", () => {
    const plan = planUpdates(
      [dep("a", "^1.0.0", "1.0.0"), dep("b", "~2.1.0", "2.1.0")],
      new Map([info("a", ["1.0.0", "1.3.0", "2.0.0"]), info("b", ["2.1.0", "2.1.4", "2.2.0"])]),
      options,
    );
    expect(plan.groups).toEqual([
      {
        id: "minor-patch",
        breaking: false,
        updates: [
          {
            name: "a",
            field: "dependencies",
            from: "1.0.0",
            to: "1.3.0",
            kind: "minor",
            range: { from: "^1.0.0", to: "^1.3.0" },
          },
          {
            name: "b",
            field: "dependencies",
            from: "2.1.0",
            to: "2.1.4",
            kind: "patch",
            range: { from: "~2.1.0", to: "~2.1.4" },
          },
        ],
      },
    ]);
    expect(plan.heldMajors.map((u) => `${u.name}@${u.to}`)).toEqual(["a@2.0.0", "b@2.2.0"]);
  });

  it("puts each major on its own branch with --major, keeping the range's prefix (an exact pin stays exact)", () => {
    const plan = planUpdates(
      [dep("@scope/x", "^1.0.0", "1.0.0"), dep("pinned", "3.0.0")],
      new Map([info("@scope/x", ["1.0.0", "2.0.0"]), info("pinned", ["3.0.0", "3.1.0"])]),
      { ...options, includeMajor: true },
    );
    expect(plan.groups.map((g) => [g.id, g.breaking, g.updates[0]!.range.to])).toEqual([
      ["pinned-3", true, "3.1.0"],
      ["scope-x-2", true, "^2.0.0"],
    ]);
  });

  it("never picks a deprecated version, a prerelease, or one above the latest dist-tag", () => {
    const plan = planUpdates(
      [dep("a", "^1.0.0", "1.0.0")],
      new Map([
        info("a", ["1.0.0", "1.1.0", "1.2.0", "1.3.0-beta.1", "1.4.0"], {
          latest: "1.2.0",
          deprecated: ["1.2.0"],
        }),
      ]),
      options,
    );
    expect(plan.groups[0]!.updates.map((u) => u.to)).toEqual(["1.1.0"]);
  });

  it("honours deps.groups patterns, deps.ignore (warning on a rule that matches nothing) and --only", () => {
    const deps = [
      dep("@babel/core", "^7.0.0"),
      dep("@babel/cli", "^7.0.0"),
      dep("lodash", "^4.0.0"),
      dep("left-pad", "^1.0.0"),
    ];
    const registry = new Map([
      info("@babel/core", ["7.0.0", "7.1.0"]),
      info("@babel/cli", ["7.0.0", "7.2.0"]),
      info("lodash", ["4.0.0", "4.1.0"]),
      info("left-pad", ["1.0.0", "1.0.1"]),
    ]);
    const plan = planUpdates(deps, registry, {
      ...options,
      groups: { babel: ["@babel/*"] },
      ignore: ["left-*", "nope"],
    });
    expect(plan.groups.map((g) => [g.id, g.updates.map((u) => u.name)])).toEqual([
      ["babel", ["@babel/core", "@babel/cli"]],
      ["minor-patch", ["lodash"]],
    ]);
    expect(plan.skipped).toEqual([{ name: "left-pad", reason: "ignored by deps.ignore" }]);
    expect(plan.warnings).toEqual(['deps.ignore: "nope" matches no direct dependency; remove or correct it']);
    const only = planUpdates(deps, registry, { ...options, only: "lodash" });
    expect(only.groups.flatMap((g) => g.updates.map((u) => u.name))).toEqual(["lodash"]);
  });

  it("defers groups past deps.max_open_prs and skips ranges it cannot rewrite", () => {
    const plan = planUpdates(
      [dep("a", "^1.0.0"), dep("b", "^1.0.0"), dep("c", ">=1 <3"), dep("d", "github:x/d")],
      new Map([info("a", ["1.0.0", "2.0.0"]), info("b", ["1.0.0", "2.0.0"]), info("c", ["1.0.0", "2.0.0"])]),
      { ...options, includeMajor: true, maxGroups: 1 },
    );
    expect(plan.groups.map((g) => g.id)).toEqual(["a-2"]);
    expect(plan.deferred.map((g) => g.id)).toEqual(["b-2"]);
    expect(plan.skipped.map((s) => s.name)).toEqual(["c", "d"]);
    expect(plan.skipped[0]!.reason).toContain("is not a plain version or ^/~ range");
  });
});

describe("planUpdates with /xihe ignore rules", () => {
  const deps = [dep("a", "^1.0.0", "1.0.0"), dep("b", "^1.0.0", "1.0.0")];
  const registry = new Map([info("a", ["1.0.0", "1.0.1", "1.2.0", "2.0.0"]), info("b", ["1.0.0", "1.1.0"])]);
  const plan = (ignoreRules: PlanOptions["ignoreRules"]) =>
    planUpdates(deps, registry, { ...options, includeMajor: true, ignoreRules });
  const chosen = (p: ReturnType<typeof plan>) =>
    p.groups.flatMap((g) => g.updates.map((u) => `${g.id}:${u.name}@${u.to}`));

  it("all: the package is skipped; major: no major group; minor: patches only; version: the next one", () => {
    expect(chosen(plan([]))).toEqual(["minor-patch:a@1.2.0", "minor-patch:b@1.1.0", "a-2:a@2.0.0"]);
    const all = plan([{ name: "a", scope: "all", version: null }]);
    expect(chosen(all)).toEqual(["minor-patch:b@1.1.0"]);
    expect(all.skipped).toEqual([{ name: "a", reason: "ignored by /xihe ignore" }]);
    const major = plan([{ name: "a", scope: "major", version: null }]);
    expect(chosen(major)).toEqual(["minor-patch:a@1.2.0", "minor-patch:b@1.1.0"]);
    expect(major.skipped).toEqual([{ name: "a", reason: "2.0.0 ignored by /xihe ignore a major" }]);
    expect(chosen(plan([{ name: "a", scope: "minor", version: null }]))).toEqual([
      "minor-patch:a@1.0.1",
      "minor-patch:b@1.1.0",
    ]);
    expect(chosen(plan([{ name: "a", scope: "version", version: "1.2.0" }]))).toEqual([
      "minor-patch:a@1.0.1",
      "minor-patch:b@1.1.0",
      "a-2:a@2.0.0",
    ]);
  });

  it("a rule naming no direct dependency is a warning", () => {
    expect(plan([{ name: "nope", scope: "all", version: null }]).warnings).toEqual([
      "/xihe ignore nope: not a direct dependency; the rule matches nothing",
    ]);
  });
});
