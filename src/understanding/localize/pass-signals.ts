// A function that hands its work on (a namesake's face, a thin wrapper) splits what the test-facing
// signals say of it with what it hands to: it keeps a share, and each target is said to get the rest
// through it. namesake-delegate.ts and thin-wrapper.ts decide who hands to whom and the shares.
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { addHit, type SignalName, type SignalScores } from "./localize-signal.ts";

export interface SignalPass {
  /** Which signals pass. */
  names: readonly SignalName[];
  /** Handing function's id -> the ids it hands its work to. */
  targets: ReadonlyMap<string, readonly string[]>;
  /** The handing function's share of each hit. */
  keep: number;
  /** Each target's share of the handing function's hit. */
  pass: number;
  /** Said of the handing function's kept hit (`a thin wrapper`). */
  kept: string;
}

export function passSignals(
  signals: ReadonlyMap<SignalName, SignalScores>,
  { names, targets, keep, pass, kept }: SignalPass,
  lookup: SymbolLookup,
): Map<SignalName, SignalScores> {
  const out = new Map(signals);
  if (targets.size === 0) return out;
  for (const name of names) {
    const scores = signals.get(name);
    if (!scores) continue;
    const passed: SignalScores = new Map(scores);
    for (const [id, hit] of scores)
      if (targets.has(id))
        passed.set(id, { strength: hit.strength * keep, detail: `${hit.detail}, ${kept}` });
    for (const [id, hit] of scores)
      for (const target of targets.get(id) ?? [])
        addHit(
          passed,
          target,
          hit.strength * pass,
          `${hit.detail}, through ${lookup.byId(id)?.qualifiedName}`,
        );
    out.set(name, passed);
  }
  return out;
}
