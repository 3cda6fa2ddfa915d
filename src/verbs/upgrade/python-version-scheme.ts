// PEP 440 ranges for the planner. Specifiers it moves: a pin `==X`, a compatible release `~=X`, a
// floor `>=X` and a bounded `>=X,<Y`; X is the version the project is on. Within the same major
// (and, for a range, allowed by it) an update is minor/patch and grouped; a newer major is its own
// group. The new specifier keeps the old one's form: `==2.0.0`, `~=2.1`, `>=2.0,<3`. Yanked
// versions (PackageVersions.deprecated), pre-releases and dev releases are never chosen.
import { explain, gt, rcompare, satisfies, valid } from "@renovatebot/pep440";
import type {
  Choice,
  DirectDependency,
  PackageVersions,
  PlannedUpdate,
  VersionScheme,
} from "./plan-updates.ts";

type Form =
  { kind: "pin" | "compatible" | "floor"; base: string } | { kind: "bounded"; base: string; upper: string };

const version = String.raw`(\d+(?:\.\d+)*)`;
const forms: Array<[RegExp, (m: RegExpExecArray) => Form]> = [
  [new RegExp(`^===?${version}$`), (m) => ({ kind: "pin", base: m[1]! })],
  [new RegExp(`^~=${version}$`), (m) => ({ kind: "compatible", base: m[1]! })],
  [new RegExp(`^>=${version}$`), (m) => ({ kind: "floor", base: m[1]! })],
  [new RegExp(`^>=${version},<${version}$`), (m) => ({ kind: "bounded", base: m[1]!, upper: m[2]! })],
  [new RegExp(`^<${version},>=${version}$`), (m) => ({ kind: "bounded", base: m[2]!, upper: m[1]! })],
];

function formOf(specifier: string): Form | null {
  for (const [pattern, form] of forms) {
    const match = pattern.exec(specifier);
    if (match) return form(match);
  }
  return null;
}

/** Whether the planner can move this specifier; the others are not asked for. */
export function isMovableSpecifier(specifier: string): boolean {
  return formOf(specifier) !== null;
}

const releaseOf = (v: string): number[] => explain(v)?.release ?? [0];
const majorOf = (v: string): number => releaseOf(v)[0] ?? 0;

export const pythonVersions: VersionScheme = { choose, major: majorOf };

function choose(dep: DirectDependency, info: PackageVersions | undefined): Choice {
  const form = formOf(dep.range);
  if (!form)
    return {
      reason:
        dep.range === ""
          ? "no version specifier (pip installs the newest already); pin it with == to have it upgraded"
          : `specifier ${JSON.stringify(dep.range)} is not ==X, ~=X, >=X or >=X,<Y`,
      major: null,
    };
  if (!info) return { reason: "not found in the index", major: null };
  const current = form.base;
  const candidates = info.versions
    .filter((v) => !v.deprecated && isFinalRelease(v.version))
    .map((v) => v.version)
    .filter((v) => gt(v, current))
    .sort(rcompare);
  const allowed = (v: string) =>
    majorOf(v) === majorOf(current) && (form.kind === "pin" || satisfies(v, dep.range));
  const update = (to: string, inRange: boolean): PlannedUpdate => ({
    name: dep.name,
    field: dep.field,
    from: current,
    to,
    kind: kindOf(current, to),
    range: { from: dep.range, to: specifierFor(form, to, inRange) },
  });
  const within = candidates.find(allowed);
  const beyond = candidates.find((v) => !allowed(v));
  const major = beyond === undefined ? null : update(beyond, false);
  if (within === undefined) return { reason: null, major };
  const minor = update(within, true);
  // `~=1.2` already admits 1.2.9: nothing to write.
  if (minor.range.to === dep.range) return { reason: null, major };
  return { minor, major };
}

function isFinalRelease(v: string): boolean {
  if (valid(v) === null) return false;
  const parts = explain(v);
  return parts !== null && !parts.is_prerelease && !parts.is_devrelease;
}

function specifierFor(form: Form, to: string, inRange: boolean): string {
  switch (form.kind) {
    case "pin":
      return `==${to}`;
    case "floor":
      return `>=${to}`;
    case "compatible": {
      const segments = Math.max(2, form.base.split(".").length);
      return `~=${padded(releaseOf(to), segments).join(".")}`;
    }
    case "bounded": {
      if (inRange) return `>=${to},<${form.upper}`;
      const next = [majorOf(to) + 1, ...Array<number>(form.upper.split(".").length - 1).fill(0)];
      return `>=${to},<${next.join(".")}`;
    }
  }
}

function padded(release: number[], length: number): number[] {
  return Array.from({ length }, (_, i) => release[i] ?? 0);
}

function kindOf(from: string, to: string): PlannedUpdate["kind"] {
  const [a, b] = [releaseOf(from), releaseOf(to)];
  if ((a[0] ?? 0) !== (b[0] ?? 0)) return "major";
  return (a[1] ?? 0) !== (b[1] ?? 0) ? "minor" : "patch";
}
