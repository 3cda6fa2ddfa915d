// A crash's evidence moved from the frame that showed it to the function that caused it: the caller
// that passed a bad argument (argument-fault.ts), the callee whose result the frame rejected
// (result-fault.ts) or that returned nothing (nothing-returned.ts). One rule for the three.
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";

export interface FrameMove {
  /** The innermost frame that crashed or threw. */
  innermostId: string;
  /** The function the frame's strength goes to. */
  toId: string;
  /** Why, given the innermost frame's name (`passed x at f.js:3, on which parse crashed`). */
  why: (innermost: string) => string;
  /**
   * What the innermost frame's detail adds when it keeps only a symptom's share of its strength.
   * Absent: the frame keeps its strength, alongside the other (it may have called the wrong function).
   */
  symptom?: string;
}

// An innermost frame that crashed on what it was given keeps this share (a depth-1 frame's).
const SYMPTOM_SHARE = 0.5;

/**
 * Applies the moves to `frames`. Strengths come from the frames as they were before any move: many
 * failures report the same crash, and each must give the cause the frame's own strength and leave
 * the frame its share once, not halve it again per failure.
 */
export function moveFrameEvidence(
  frames: SignalScores,
  moves: Iterable<FrameMove>,
  lookup: SymbolLookup,
): void {
  const before = new Map(frames);
  for (const move of moves) {
    const crashed = before.get(move.innermostId);
    if (!crashed) continue;
    const name = lookup.byId(move.innermostId)?.name ?? "the innermost frame";
    addHit(frames, move.toId, crashed.strength, move.why(name));
    if (move.symptom === undefined) continue;
    frames.set(move.innermostId, {
      strength: crashed.strength * SYMPTOM_SHARE,
      detail: `${crashed.detail}, ${move.symptom}`,
    });
  }
}
