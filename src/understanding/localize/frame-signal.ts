// Stack frames and failure positions in project code: the innermost project frame of a failure is
// the strongest single pointer to the fault; outer frames decay. Frames in test files are returned
// separately: they say which test failed, and so which code is under test.
import type { LoggedLocation } from "./extract-entities.ts";
import type { LogPathResolver } from "./resolve-log-path.ts";
import { addHit, type SignalScores } from "./localize-signal.ts";
import { frameFunctionNames } from "./frame-function-name.ts";
import { isCallable, type SymbolLookup } from "../index/symbol-lookup.ts";

export interface TestLocation {
  file: string;
  line: number;
  /** The failing test's name when no line of the log points here and the name found its block. */
  byName?: string;
}

export interface FrameEvidence {
  /** Parsed frames and raw-log mentions merged: the stronger hit per symbol wins. */
  frames: SignalScores;
  /** Files named by project frames or failures even where no symbol encloses the line. */
  files: Map<string, number>;
  testLocations: TestLocation[];
}

// Mentions are bare `path:line` strings from the raw log: the parsers' frames are surer, but the
// mentions keep chained-exception blocks apart, which a flat frame list cannot.
const MENTION_WEIGHT = 0.85;
// Many failures: a function on most of their stacks (a shared helper the tests all reach) beats one
// that is innermost in a single failure. This share of a frame's strength is its mean over blocks.
const SHARED_SHARE = 0.5;

export function frameEvidence(
  locations: readonly LoggedLocation[],
  resolve: LogPathResolver,
  lookup: SymbolLookup,
): FrameEvidence {
  const evidence: FrameEvidence = { frames: new Map(), files: new Map(), testLocations: [] };
  // Per failure or log block: the strongest frame strength of each symbol in it.
  const perGroup = new Map<string, Map<string, number>>();
  // Depth counts only project (non-test, non-external) frames, per failure or log block.
  const projectDepth = new Map<string, number>();
  // A mention of a line a parsed frame covers borrows the frame's function name (mentions have none).
  const parsedFunctions = new Map<string, string>();
  for (const l of locations)
    if (l.origin !== "mention" && l.function)
      parsedFunctions.set(lineKey(resolve(l.path), l.line), l.function);
  for (const located of locations) {
    if (located.external) continue;
    const borrowed =
      located.origin === "mention"
        ? parsedFunctions.get(lineKey(resolve(located.path), located.line))
        : undefined;
    const loc = borrowed ? { ...located, function: borrowed } : located;
    const file = resolve(loc.path);
    if (file === null) continue;
    const indexed = lookup.file(file);
    if (!indexed) continue;
    if (lookup.isTest(file)) {
      if (loc.line !== null) evidence.testLocations.push({ file, line: loc.line });
      // A stack whose innermost frame is test code (a handler or callback the test wrote): the
      // project frames below it called the test's function, they did not fail. Only a stack line
      // says so: node:test prints the test's own `location:` line above the stack it reports.
      if (loc.stackLine && !projectDepth.has(loc.group)) projectDepth.set(loc.group, loc.offset + 1);
      continue;
    }
    const isMention = loc.origin === "mention";
    const short = loc.function ? indexedName(lookup, file, frameFunctionNames(loc.function)) : null;
    const symbol = loc.line !== null ? frameSymbol(lookup, file, loc.line, short) : null;
    // The frame names a function the index does not have (a nested closure): its enclosing symbol
    // only contains the failing code (half credit), and the next frame is still the innermost
    // function we know, so this frame does not count as a level.
    const nested =
      symbol !== null &&
      short !== null &&
      short !== symbol.name &&
      !lookup.symbolsIn(file).some((s) => s.name === short);
    // Counted per traceback from its offset (a handler's traceback starts one level out).
    const depth = projectDepth.get(loc.group) ?? loc.offset;
    if (!nested) projectDepth.set(loc.group, depth + 1);
    const strength = (isMention ? MENTION_WEIGHT : 1) / (1 + depth);
    evidence.files.set(file, Math.max(evidence.files.get(file) ?? 0, strength));
    if (symbol) {
      const where = `${file}:${loc.line}${isMention ? " (log)" : ""}`;
      const detail = depth === 0 ? `innermost at ${where}` : `${where} (depth ${depth})`;
      const value = nested ? strength / 2 : strength;
      addHit(evidence.frames, symbol.id, value, nested ? `${detail} in ${short}` : detail);
      const group = perGroup.get(loc.group) ?? new Map<string, number>();
      group.set(symbol.id, Math.max(group.get(symbol.id) ?? 0, value));
      perGroup.set(loc.group, group);
    } else if (short) {
      // No line inside a symbol (or no line): fall back to the frame's function name in that file.
      for (const s of lookup.symbolsIn(file))
        if (s.name === short) addHit(evidence.frames, s.id, strength * 0.8, `frame ${loc.function}`);
    }
  }
  shareAcrossGroups(evidence.frames, perGroup);
  return evidence;
}

function shareAcrossGroups(frames: SignalScores, perGroup: Map<string, Map<string, number>>): void {
  if (perGroup.size < 2) return;
  for (const [id, hit] of frames) {
    let sum = 0;
    for (const group of perGroup.values()) sum += group.get(id) ?? 0;
    const mean = sum / perGroup.size;
    frames.set(id, { ...hit, strength: hit.strength * (1 - SHARED_SHARE) + mean * SHARED_SHARE });
  }
}

/** The first of a frame's candidate names some symbol of the file has, else its own name. */
function indexedName(lookup: SymbolLookup, file: string, names: readonly string[]): string | null {
  const symbols = lookup.symbolsIn(file);
  return names.find((n) => symbols.some((s) => s.name === n)) ?? names[0] ?? null;
}

function lineKey(file: string | null, line: number | null): string {
  return `${file ?? ""}:${line ?? ""}`;
}

/**
 * The symbol a frame ran in: a function named like the frame's around the line, else the innermost.
 * A frame runs in a function: `new MIMEType` at a constructor's line is the constructor, not the class.
 */
function frameSymbol(lookup: SymbolLookup, file: string, line: number, short: string | null) {
  const named = short
    ? lookup
        .symbolsIn(file)
        .find((s) => s.name === short && isCallable(s) && s.startLine <= line && line <= s.endLine)
    : undefined;
  return named ?? lookup.enclosing(file, line);
}
