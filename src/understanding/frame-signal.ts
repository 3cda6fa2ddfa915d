// Stack frames and failure positions in project code: the innermost project frame of a failure is
// the strongest single pointer to the fault; outer frames decay. Frames in test files are returned
// separately: they say which test failed, and so which code is under test.
import type { LoggedLocation } from "./extract-entities.ts";
import type { LogPathResolver } from "./resolve-log-path.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import type { SymbolLookup } from "./symbol-lookup.ts";

export interface TestLocation {
  file: string;
  line: number;
}

export interface FrameEvidence {
  frames: SignalScores;
  mentions: SignalScores;
  /** Files named by project frames or failures even where no symbol encloses the line. */
  files: Map<string, number>;
  testLocations: TestLocation[];
}

// Mentions are bare `path:line` strings from the raw log; their weight is set in combine-signals.ts.
const MENTION_WEIGHT = 1;

export function frameEvidence(
  locations: readonly LoggedLocation[],
  resolve: LogPathResolver,
  lookup: SymbolLookup,
): FrameEvidence {
  const evidence: FrameEvidence = {
    frames: new Map(),
    mentions: new Map(),
    files: new Map(),
    testLocations: [],
  };
  // Depth counts only project (non-test, non-external) frames, per failure or log block.
  const projectDepth = new Map<number, number>();
  for (const loc of locations) {
    if (loc.external) continue;
    const file = resolve(loc.path);
    if (file === null) continue;
    const indexed = lookup.file(file);
    if (!indexed) continue;
    if (lookup.isTest(file)) {
      if (loc.line !== null) evidence.testLocations.push({ file, line: loc.line });
      continue;
    }
    const isMention = loc.origin === "mention";
    const depth = projectDepth.get(loc.failure) ?? 0;
    projectDepth.set(loc.failure, depth + 1);
    const strength = (isMention ? MENTION_WEIGHT : 1) / (1 + depth);
    evidence.files.set(file, Math.max(evidence.files.get(file) ?? 0, strength));
    const symbol = loc.line !== null ? lookup.enclosing(file, loc.line) : null;
    const target = isMention ? evidence.mentions : evidence.frames;
    if (symbol) {
      const where = `${file}:${loc.line}`;
      addHit(
        target,
        symbol.id,
        strength,
        depth === 0 ? `innermost at ${where}` : `${where} (depth ${depth})`,
      );
    } else if (loc.function) {
      // No line inside a symbol (or no line): fall back to the frame's function name in that file.
      const short =
        loc.function
          .replace(/^(?:async |new |Object\.|Module\.)/, "")
          .split(/[.\s]/)
          .pop() ?? "";
      for (const s of lookup.symbolsIn(file))
        if (s.name === short) addHit(target, s.id, strength * 0.8, `frame ${loc.function}`);
    }
  }
  return evidence;
}
