// A function that hands its work to a same-named function of another module is that function's
// public face: `Colord.invert()` returns `colord(invert(this.rgba))` with `invert` from
// `manipulate/invert.ts`. Tests call the face, import its module and are named after it, so the
// test-facing signals point at the face while the behaviour under test is the namesake's. Those
// signals are said of the namesake, and the face keeps half of them. Only a face that decides
// nothing itself: idna's `Codec.encode` checks `errors` and empty data before it calls core's
// `encode`, and such a guard is as likely the fault as what it calls.
import type { CodeIndex, CodeSymbol } from "../index/code-index.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import type { SignalName, SignalScores } from "./localize-signal.ts";
import { passSignals } from "./pass-signals.ts";
import { resolveCallee } from "./test-target-signal.ts";

// The face keeps this share: it may hold the fault itself (a guard before the call), as a depth-1
// frame keeps half of an innermost one's strength.
const FACE_SHARE = 0.5;

/** The signals that say "the test is about this function", not "the fault ran here". */
const TEST_FACING: readonly SignalName[] = ["test_callee", "imported_by_test", "test_file"];

export function passToNamesakes(
  signals: ReadonlyMap<SignalName, SignalScores>,
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
): Map<SignalName, SignalScores> {
  const faces = new Set<string>();
  for (const name of TEST_FACING) for (const id of signals.get(name)?.keys() ?? []) faces.add(id);
  const namesakes = namesakesOf(faces, index, lookup, readLines);
  return passSignals(
    signals,
    { names: TEST_FACING, targets: namesakes, keep: FACE_SHARE, pass: 1, kept: "a face of a namesake" },
    lookup,
  );
}

/** Face id -> the ids of the same-named functions in other non-test files that it calls. */
function namesakesOf(
  faces: ReadonlySet<string>,
  index: CodeIndex,
  lookup: SymbolLookup,
  readLines: ReadLines,
) {
  const out = new Map<string, string[]>();
  for (const call of index.calls) {
    // Handing a namesake on as a value (`run(encode)`) is not delegating to it.
    if (call.from === null || call.value || !faces.has(call.from) || call.calleeName.includes(".")) continue;
    const face = lookup.byId(call.from);
    if (!face || decides(face, readLines)) continue;
    for (const callee of resolveCallee(call, lookup)) {
      if (callee.name !== face.name || callee.file === face.file) continue;
      out.set(face.id, [...(out.get(face.id) ?? []), callee.id]);
    }
  }
  return out;
}

// A statement that chooses: a branch, a loop, a handler. A ternary building an argument is not one.
const DECISION = /^\s*(?:\}\s*)?(?:if|elif|else|for|while|do|switch|case|try|catch|except|with)\b/;

/** The function's own body holds a branch or loop (its first line, the signature, left out). */
export function decides(symbol: CodeSymbol, readLines: ReadLines): boolean {
  const lines = readLines(symbol.file) ?? [];
  return lines.slice(symbol.startLine, symbol.endLine).some((line) => DECISION.test(line));
}
