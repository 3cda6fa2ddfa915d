import { describe, expect, it } from "vitest";
import {
  planUpdates,
  type DirectDependency,
  type PackageVersions,
  type PlanOptions,
} from "../../../src/verbs/upgrade/plan-updates.ts";
import { pythonVersions } from "../../../src/verbs/upgrade/python-version-scheme.ts";

const dep = (name: string, range: string): DirectDependency => ({
  name,
  range,
  field: "requirements.txt",
  locked: null,
});
const index = (name: string, versions: string[], yanked: string[] = []): [string, PackageVersions] => [
  name,
  {
    name,
    latest: null,
    versions: versions.map((version) => ({ version, deprecated: yanked.includes(version) })),
  },
];
const options: PlanOptions = { ignore: [], groups: {}, maxGroups: 5, includeMajor: true, only: null };
const plan = (deps: DirectDependency[], ...entries: Array<[string, PackageVersions]>) =>
  planUpdates(deps, new Map(entries), options, pythonVersions);
const moves = (p: ReturnType<typeof plan>) =>
  p.groups.map((g) => [g.id, g.updates.map((u) => `${u.name} ${u.range.from} -> ${u.range.to} (${u.kind})`)]);

describe("the PEP 440 version scheme", () => {
  it("moves a pin within its major in the shared group and to the next major in its own", () => {
    const p = plan(
      [dep("Requests", "==2.28.0")],
      index("Requests", ["2.28.0", "2.28.2", "2.31.0", "3.0.0", "3.1.0b1", "3.2.0.dev1"]),
    );
    expect(moves(p)).toEqual([
      ["minor-patch", ["Requests ==2.28.0 -> ==2.31.0 (minor)"]],
      ["requests-3", ["Requests ==2.28.0 -> ==3.0.0 (major)"]],
    ]);
  });

  it("never chooses a yanked release", () => {
    const p = plan([dep("tiny", "==1.0.0")], index("tiny", ["1.0.0", "1.0.1", "1.0.2"], ["1.0.2"]));
    expect(moves(p)).toEqual([["minor-patch", ["tiny ==1.0.0 -> ==1.0.1 (patch)"]]]);
  });

  it("keeps the form of ~=, >= and >=,< specifiers", () => {
    const p = plan(
      [dep("a", "~=1.2"), dep("b", ">=1.0"), dep("c", ">=1.0,<1.5"), dep("d", "~=1.2.3")],
      index("a", ["1.2", "1.4.3", "2.1.0"]),
      index("b", ["1.0", "1.7", "2.0"]),
      index("c", ["1.0", "1.4", "1.6", "2.3"]),
      index("d", ["1.2.3", "1.2.9", "1.3.0"]),
    );
    expect(moves(p)).toEqual([
      [
        "minor-patch",
        [
          "a ~=1.2 -> ~=1.4 (minor)",
          "b >=1.0 -> >=1.7 (minor)",
          "c >=1.0,<1.5 -> >=1.4,<1.5 (minor)",
          "d ~=1.2.3 -> ~=1.2.9 (patch)",
        ],
      ],
      ["a-2", ["a ~=1.2 -> ~=2.1 (major)"]],
      ["b-2", ["b >=1.0 -> >=2.0 (major)"]],
      ["c-2", ["c >=1.0,<1.5 -> >=2.3,<3.0 (major)"]],
      // Outside `~=1.2.3` (< 1.3) though not a new major: its own group, like an npm pin.
      ["d-1", ["d ~=1.2.3 -> ~=1.3.0 (minor)"]],
    ]);
  });

  it("explains what it will not move: no specifier, an exclusion-only specifier", () => {
    const p = plan([dep("pytest", ""), dep("x", "!=1.3")], index("x", ["1.3", "1.4"]));
    expect(p.groups).toEqual([]);
    expect(p.skipped).toEqual([
      { name: "pytest", reason: expect.stringContaining("no version specifier") as string },
      { name: "x", reason: 'specifier "!=1.3" is not ==X, ~=X, >=X or >=X,<Y' },
    ]);
  });

  it("holds majors without --major, like npm", () => {
    const p = planUpdates(
      [dep("tiny", "==1.0.0")],
      new Map([index("tiny", ["1.0.0", "2.0.0"])]),
      { ...options, includeMajor: false },
      pythonVersions,
    );
    expect(p.groups).toEqual([]);
    expect(p.heldMajors.map((u) => `${u.name} ${u.to}`)).toEqual(["tiny 2.0.0"]);
  });
});
