// Finds which of many fixed substrings occur in a section's lines in ONE pass over the characters
// (an Aho-Corasick automaton over a compact alphabet). A regex alternation of the same words, or one
// `includes` per word, costs several times more per character, and this runs on every byte of the log.
// Words never span lines (none may contain "\n"; lines never do), so the automaton restarts at each line.

// Small enough that the joined block is an ordinary young object (large strings go to V8's
// large-object space and stay until a full GC).
const BLOCK_CHARS = 32 * 1024;

export interface ScanResult {
  /** present[i] is 1 when words[i] occurs somewhere in the scanned lines. */
  present: Uint8Array;
  /** Indexes (ascending, each once) of lines from `from` on that contain a word marked `wantLines`. */
  lines: number[];
  /**
   * For each word marked `wantWordLines` that occurs: the indexes (ascending, each once, from line 0)
   * of the lines containing it. Absent when no word is so marked.
   */
  wordLines?: (number[] | undefined)[];
}

export interface SubstringScanner {
  scan(lines: readonly string[], from: number): ScanResult;
}

export function createSubstringScanner(
  words: readonly string[],
  wantLines: (word: string) => boolean = () => false,
  wantWordLines: (word: string) => boolean = () => false,
): SubstringScanner {
  if (words.some((w) => w.includes("\n") || w === ""))
    throw new Error("substring scanner: words must be non-empty and must not contain a newline");
  const classOf = new Uint8Array(65536);
  let classes = 1; // class 0: a character no word contains
  for (const word of words)
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      if (classOf[c] === 0) classOf[c] = classes++;
    }
  if (classes > 255) throw new Error("substring scanner: more than 254 distinct characters in the words");
  const automaton = buildAutomaton(words, classOf, classes);
  // Hot loop tables: states renumbered so that those with output come last (one comparison instead
  // of a lookup per character) and transitions stored as row offsets (no multiply per character).
  const order = automaton.outputs
    .map((o, state) => ({ state, out: o.length > 0 }))
    .sort((a, b) => Number(a.out) - Number(b.out) || a.state - b.state);
  const rank = new Int32Array(order.length);
  order.forEach(({ state }, i) => (rank[state] = i));
  const firstOut = order.findIndex((o) => o.out);
  const firstOutRow = (firstOut < 0 ? order.length : firstOut) * classes;
  const next = new Int32Array(automaton.delta.length);
  for (let state = 0; state < order.length; state++)
    for (let cls = 0; cls < classes; cls++)
      next[rank[state]! * classes + cls] = rank[automaton.delta[state * classes + cls]!]! * classes;
  // Words found at each output state (in row order), and whether any of them wants its line.
  const outWords = order
    .slice(firstOut < 0 ? order.length : firstOut)
    .map(({ state }) => Int32Array.from(automaton.outputs[state]!));
  const outWantsLine = Uint8Array.from(outWords, (ws) => (ws.some((w) => wantLines(words[w]!)) ? 1 : 0));
  // Per output state, the words whose lines are recorded (usually none: then nothing is kept).
  const outWordLines = outWords.map((ws) => Int32Array.from([...ws].filter((w) => wantWordLines(words[w]!))));
  const anyWordLines = words.some((w) => wantWordLines(w));
  const rootRow = rank[0]! * classes;
  return {
    scan(lines, from) {
      // Locals, not closure slots, in the per-character loop.
      const table = next;
      const classTable = classOf;
      const outStart = firstOutRow;
      const present = new Uint8Array(words.length);
      const hitLines: number[] = [];
      const wordLines = anyWordLines ? new Array<number[] | undefined>(words.length).fill(undefined) : [];
      // Lines are joined per block: charCodeAt on one flat string is several times faster than on
      // many sliced line strings, and a block of ~32K characters bounds the extra memory.
      for (let first = 0, end = 0; first < lines.length; first = end) {
        let chars = 0;
        for (end = first; end < lines.length && chars < BLOCK_CHARS; end++)
          chars += (lines[end] ?? "").length + 1;
        const text = lines.slice(first, end).join("\n");
        let n = first;
        let lineHit = false;
        let row = rootRow;
        for (let i = 0; i < text.length; i++) {
          const c = text.charCodeAt(i);
          if (c === 10) {
            if (lineHit && n >= from) hitLines.push(n);
            lineHit = false;
            n++;
            row = rootRow; // no word contains a newline
            continue;
          }
          row = table[row + classTable[c]!]!;
          if (row < outStart) continue;
          // Rare compared with the characters: only where a word ends.
          const out = ((row - firstOutRow) / classes) | 0;
          const found = outWords[out]!;
          for (let k = 0; k < found.length; k++) present[found[k]!] = 1;
          if (outWantsLine[out] === 1) lineHit = true;
          const recorded = outWordLines[out]!;
          for (let k = 0; k < recorded.length; k++) {
            const w = recorded[k]!;
            const list = wordLines[w];
            if (list === undefined) wordLines[w] = [n];
            else if (list[list.length - 1] !== n) list.push(n);
          }
        }
        if (lineHit && n >= from) hitLines.push(n);
      }
      return anyWordLines ? { present, lines: hitLines, wordLines } : { present, lines: hitLines };
    },
  };
}

function buildAutomaton(
  words: readonly string[],
  classOf: Uint8Array,
  classes: number,
): { delta: Int32Array; outputs: number[][] } {
  // Trie first (goto[state * classes + cls], -1 = none), then breadth-first failure links that turn
  // it into a full transition table.
  const goto: number[] = new Array<number>(classes).fill(-1);
  const outputs: number[][] = [[]];
  words.forEach((word, index) => {
    let state = 0;
    for (let i = 0; i < word.length; i++) {
      const cls = classOf[word.charCodeAt(i)]!;
      let next = goto[state * classes + cls]!;
      if (next === -1) {
        next = outputs.length;
        outputs.push([]);
        goto.push(...new Array<number>(classes).fill(-1));
        goto[state * classes + cls] = next;
      }
      state = next;
    }
    outputs[state]!.push(index);
  });
  const delta = new Int32Array(outputs.length * classes);
  const fail = new Int32Array(outputs.length);
  const queue: number[] = [];
  for (let cls = 0; cls < classes; cls++) {
    const next = goto[cls]!;
    delta[cls] = next === -1 ? 0 : next;
    if (next > 0) queue.push(next);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    outputs[state]!.push(...outputs[fail[state]!]!.filter((w) => !outputs[state]!.includes(w)));
    for (let cls = 0; cls < classes; cls++) {
      const next = goto[state * classes + cls]!;
      const viaFail = delta[fail[state]! * classes + cls]!;
      if (next === -1) {
        delta[state * classes + cls] = viaFail;
      } else {
        delta[state * classes + cls] = next;
        fail[next] = viaFail;
        queue.push(next);
      }
    }
  }
  return { delta, outputs };
}
