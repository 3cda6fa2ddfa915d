// The repository's alias table (`understanding.aliases`, e.g. `dmp: data_management_platform`):
// a query term that is an alias also brings the terms it stands for, and the other way round.
import { splitIdentifier } from "../index/split-identifiers.ts";

export function expandAliases(terms: readonly string[], aliases: Readonly<Record<string, string>>): string[] {
  const entries = Object.entries(aliases).map(([short, long]) => ({
    short: splitIdentifier(short),
    long: splitIdentifier(long),
  }));
  if (entries.length === 0) return [...terms];
  const present = new Set(terms);
  const out = [...terms];
  for (const { short, long } of entries) {
    if (short.length > 0 && short.every((t) => present.has(t))) out.push(...long);
    if (long.length > 0 && long.every((t) => present.has(t))) out.push(...short);
  }
  return out;
}
