// Which upgrades to make, from a project's direct dependencies and what the registry offers: pure.
// Updates the declared range allows (minor/patch) are grouped; a version outside it (a major, or a
// pin) is its own group and only with `--major`. What "allowed" means is the manager's version
// scheme (npm's semver here; PEP 440 in python-version-scheme.ts). Deprecated versions and
// prereleases are never chosen, nor anything above the `latest` dist-tag.
import semver from "semver";
import { matchesPattern } from "./matches-pattern.ts";

export interface DirectDependency {
  name: string;
  /** The declared range as written: `^1.2.0`, or a PEP 440 specifier such as `==1.2.0`. */
  range: string;
  /** Where it is declared: a package.json section, or a Python file (`requirements.txt`, …). */
  field: string;
  /** The version the lockfile installs; null without a lockfile entry. */
  locked: string | null;
}

export interface PackageVersions {
  name: string;
  latest: string | null;
  /**
   * `deprecated`: never chosen (npm's deprecation, a yanked Python release); `tarball`: where the
   * registry serves this version (npm), so its changelog is read without asking for the packument again.
   */
  versions: ReadonlyArray<{ version: string; deprecated: boolean; tarball?: NpmTarball }>;
}

export interface NpmTarball {
  url: string;
  integrity: string | null;
}

/** How one manager reads ranges and versions. */
export interface VersionScheme {
  choose(dep: DirectDependency, info: PackageVersions | undefined): Choice;
  major(version: string): number;
}

export interface PlannedUpdate {
  name: string;
  field: string;
  from: string;
  to: string;
  kind: "major" | "minor" | "patch";
  range: { from: string; to: string };
}

export interface UpdateGroup {
  /** The branch is `xihe/deps/<id>`. */
  id: string;
  breaking: boolean;
  updates: PlannedUpdate[];
}

export interface PlanOptions {
  ignore: readonly string[];
  groups: Readonly<Record<string, readonly string[]>>;
  maxGroups: number;
  includeMajor: boolean;
  only: string | null;
  /** Per-repository rules from `/xihe ignore` (the App's store): a whole package, or some versions. */
  ignoreRules?: readonly IgnoreRule[];
}

/**
 * `all`: every update of the package; `major`: versions beyond the current major; `minor`: beyond the
 * current minor (patches still come); `version`: that one version.
 */
export interface IgnoreRule {
  name: string;
  scope: "all" | "major" | "minor" | "version";
  version: string | null;
}

export interface UpgradePlan {
  groups: UpdateGroup[];
  /** Groups past `deps.max_open_prs`, left for a later run. */
  deferred: UpdateGroup[];
  /** Updates outside the declared range, not made without `--major`. */
  heldMajors: PlannedUpdate[];
  skipped: Array<{ name: string; reason: string }>;
  warnings: string[];
}

const simpleRange = /^([~^]?)(\d+\.\d+\.\d+)$/;

/** Whether the planner can move this range (a version, `^x.y.z` or `~x.y.z`): the others are not fetched. */
export function isPlainRange(range: string): boolean {
  return simpleRange.test(range);
}

export function planUpdates(
  dependencies: readonly DirectDependency[],
  registry: ReadonlyMap<string, PackageVersions>,
  options: PlanOptions,
  scheme: VersionScheme = npmVersions,
): UpgradePlan {
  const plan: UpgradePlan = { groups: [], deferred: [], heldMajors: [], skipped: [], warnings: [] };
  for (const pattern of options.ignore)
    if (!dependencies.some((d) => matchesPattern(pattern, d.name)))
      plan.warnings.push(`deps.ignore: "${pattern}" matches no direct dependency; remove or correct it`);
  for (const rule of options.ignoreRules ?? [])
    if (!dependencies.some((d) => d.name === rule.name))
      plan.warnings.push(`/xihe ignore ${rule.name}: not a direct dependency; the rule matches nothing`);
  const grouped = new Map<string, PlannedUpdate[]>();
  const majors: UpdateGroup[] = [];
  for (const dep of dependencies) {
    if (options.only !== null && dep.name !== options.only) continue;
    if (options.ignore.some((p) => matchesPattern(p, dep.name))) {
      plan.skipped.push({ name: dep.name, reason: "ignored by deps.ignore" });
      continue;
    }
    const rules = (options.ignoreRules ?? []).filter((r) => r.name === dep.name);
    if (rules.some((r) => r.scope === "all")) {
      plan.skipped.push({ name: dep.name, reason: "ignored by /xihe ignore" });
      continue;
    }
    const allowed = withoutIgnored(dep, registry.get(dep.name), rules, scheme);
    const choice = scheme.choose(dep, allowed.info);
    if (allowed.ignored.length > 0)
      plan.skipped.push({
        name: dep.name,
        reason: `${allowed.ignored.join(", ")} ignored by ${allowed.rules.map((r) => `/xihe ignore ${r}`).join(", ")}`,
      });
    if ("reason" in choice) {
      if (choice.reason !== null) plan.skipped.push({ name: dep.name, reason: choice.reason });
      if (choice.major) holdOrGroupMajor(choice.major, options, plan, majors, scheme);
      continue;
    }
    const groupId = groupOf(dep.name, options.groups);
    grouped.set(groupId, [...(grouped.get(groupId) ?? []), choice.minor]);
    if (choice.major) holdOrGroupMajor(choice.major, options, plan, majors, scheme);
  }
  const all = [
    ...[...grouped].map(([id, updates]) => ({ id, breaking: false, updates })),
    ...majors.sort((a, b) => a.id.localeCompare(b.id)),
  ];
  plan.groups = all.slice(0, options.maxGroups);
  plan.deferred = all.slice(options.maxGroups);
  return plan;
}

// The versions a rule ignores are taken out before choosing, so the next allowed one is chosen
// instead; which ones (newest three) and by which rules is said in the plan.
function withoutIgnored(
  dep: DirectDependency,
  info: PackageVersions | undefined,
  rules: readonly IgnoreRule[],
  scheme: VersionScheme,
): { info: PackageVersions | undefined; ignored: string[]; rules: string[] } {
  if (info === undefined || rules.length === 0) return { info, ignored: [], rules: [] };
  const current = dep.locked ?? /\d+(?:\.\d+)*/.exec(dep.range)?.[0] ?? null;
  const minorOf = (v: string) => Number(/^\D*\d+\.(\d+)/.exec(v)?.[1] ?? 0);
  const ignored = (v: string) =>
    rules.some((r) => {
      if (r.scope === "version") return r.version === v;
      if (current === null) return false;
      const major = scheme.major(v) - scheme.major(current);
      return major > 0 || (r.scope === "minor" && major === 0 && minorOf(v) > minorOf(current));
    });
  const dropped = info.versions.filter((v) => !v.deprecated && ignored(v.version)).map((v) => v.version);
  return {
    info: { ...info, versions: info.versions.filter((v) => !ignored(v.version)) },
    ignored: dropped.slice(-3),
    rules: rules.map((r) => `${r.name} ${r.scope === "version" ? r.version : r.scope}`),
  };
}

function holdOrGroupMajor(
  update: PlannedUpdate,
  options: PlanOptions,
  plan: UpgradePlan,
  majors: UpdateGroup[],
  scheme: VersionScheme,
): void {
  if (!options.includeMajor) return void plan.heldMajors.push(update);
  const id = `${update.name.replace(/^@/, "").replace(/[^a-z0-9]+/gi, "-")}-${scheme.major(update.to)}`;
  majors.push({ id: id.toLowerCase(), breaking: true, updates: [update] });
}

function groupOf(name: string, groups: PlanOptions["groups"]): string {
  for (const [id, patterns] of Object.entries(groups))
    if (patterns.some((p) => matchesPattern(p, name))) return id;
  return "minor-patch";
}

/** The newest version within the range (minor) and beyond it (major); a null reason: up to date. */
export type Choice =
  | { minor: PlannedUpdate; major: PlannedUpdate | null }
  | { reason: string | null; major: PlannedUpdate | null };

export const npmVersions: VersionScheme = { choose: chooseUpdate, major: (v) => semver.major(v) };

function chooseUpdate(dep: DirectDependency, info: PackageVersions | undefined): Choice {
  const form = simpleRange.exec(dep.range);
  if (!form)
    return { reason: `range ${JSON.stringify(dep.range)} is not a plain version or ^/~ range`, major: null };
  if (!info) return { reason: "not found in the registry", major: null };
  const prefix = form[1] ?? "";
  const current = dep.locked ?? form[2]!;
  const candidates = info.versions
    .filter((v) => !v.deprecated && semver.valid(v.version) && semver.prerelease(v.version) === null)
    .map((v) => v.version)
    .filter((v) => semver.gt(v, current) && (info.latest === null || semver.lte(v, info.latest)))
    .sort(semver.rcompare);
  const update = (to: string): PlannedUpdate => ({
    name: dep.name,
    field: dep.field,
    from: current,
    to,
    kind: kindOf(current, to),
    range: { from: dep.range, to: `${prefix}${to}` },
  });
  const inRange = candidates.find((v) => semver.satisfies(v, dep.range));
  const beyond = candidates.find((v) => !semver.satisfies(v, dep.range));
  const major = beyond === undefined ? null : update(beyond);
  return inRange === undefined ? { reason: null, major } : { minor: update(inRange), major };
}

// Under a caret, 0.x minors break like majors do, so they count as majors here too.
function kindOf(from: string, to: string): PlannedUpdate["kind"] {
  if (semver.major(from) !== semver.major(to)) return "major";
  if (semver.major(from) === 0 && semver.minor(from) !== semver.minor(to)) return "major";
  return semver.minor(from) !== semver.minor(to) ? "minor" : "patch";
}
