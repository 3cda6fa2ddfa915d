// A class with no behaviour of its own (a warning or error record: a message, a few fields, at most a
// constructor that stores them) is what some code reports, not the code that decides to report it.
// Its name is written for the reader of the report (`IfTuple`, `FStringMissingPlaceholders`,
// `RaiseNotImplemented`), so it carries the question's words better than the check that builds it
// (`Checker.IF`, `Checker.JOINEDSTR`), and "where does pyflakes complain about …" asks for that check.
// When exactly one function of the library names such a class, that function is ranked just above it.
import type { CodeSymbol } from "../index/code-index.ts";
import { CONSTRUCTOR_NAMES } from "../index/constructor-names.ts";
import { identifiersIn } from "../index/split-identifiers.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { raiseRecalled, type RecalledSymbol } from "./recalled-symbol.ts";

/** Members a record may have: storing its fields, printing itself. Any other method is behaviour. */
const RECORD_MEMBERS = new Set(["constructor", "__init__", "__str__", "__repr__", "toString"]);
/** The user is ranked this much above the record (as delegating-wrappers.ts ranks an implementation). */
const USER_MARGIN = 0.01;

export interface RecordUserContext {
  /** Every symbol recall may rank (recallCandidates). */
  candidates: readonly CodeSymbol[];
  readLines: ReadLines;
  /** Test code: neither a record that counts nor a user to lift. */
  isTest: (file: string) => boolean;
  /** Symbols the question names as code: a question naming the class asks about it. */
  namedAsCode: ReadonlySet<CodeSymbol>;
}

/**
 * Lifts the one library function that names each recalled record class to `share` × the best score of
 * the class and its constructor, plus a margin, when it scores less. `share` 0 turns the rule off. A
 * class named in two places or more (an error raised all over) points to no one answer.
 */
export function liftRecordUsers(out: RecalledSymbol[], context: RecordUserContext, share: number): void {
  if (share <= 0) return;
  const byId = new Map(out.map((r) => [r.symbol.id, r]));
  for (const { record, stored, user } of recordUsers(
    out.map((r) => r.symbol),
    context,
  )) {
    const lifted = recordUserScore(
      share,
      stored.map((s) => byId.get(s.id)?.score ?? 0),
    );
    const why = `it is the one library function that names ${record.name} (${record.file}:${record.startLine}), a class with no behaviour of its own that matches the question`;
    raiseRecalled(out, byId, user, lifted, why);
  }
}

export interface RecordUser {
  record: CodeSymbol;
  /** The class and the members storing its fields: the best of their scores is lifted. */
  stored: CodeSymbol[];
  /** The one library function that names the class. */
  user: CodeSymbol;
}

/** The recalled record classes that exactly one library function names, with that function. */
export function recordUsers(recalled: readonly CodeSymbol[], context: RecordUserContext): RecordUser[] {
  const records = recordClasses(recalled, context);
  if (records.size === 0) return [];
  const users = usersOf(records, context);
  const out: RecordUser[] = [];
  for (const [record, members] of records) {
    const found = users.get(record.name);
    if (!found || found.size !== 1) continue;
    const [user] = found;
    if (!user) continue;
    // The members storing the fields: a printed message's body (`__str__` working out a line and
    // column) matches words the record itself does not answer.
    out.push({ record, stored: [record, ...members.filter((m) => CONSTRUCTOR_NAMES.has(m.name))], user });
  }
  return out;
}

/** The user's score: `share` × the best score of what stores the record, plus a margin. */
export function recordUserScore(share: number, storedScores: readonly number[]): number {
  return share * Math.max(...storedScores) + USER_MARGIN;
}

/** The recalled classes outside tests whose members are all RECORD_MEMBERS, with those members. */
function recordClasses(
  recalled: readonly CodeSymbol[],
  context: RecordUserContext,
): Map<CodeSymbol, CodeSymbol[]> {
  const classes = recalled.filter(
    (s) => s.kind === "class" && !context.isTest(s.file) && !context.namedAsCode.has(s),
  );
  const records = new Map<CodeSymbol, CodeSymbol[]>();
  for (const c of classes) {
    const members = context.candidates.filter(
      (s) => s.file === c.file && s.qualifiedName.startsWith(`${c.qualifiedName}.`),
    );
    if (members.every((m) => RECORD_MEMBERS.has(m.name))) records.set(c, members);
  }
  return records;
}

/** For each record's name, the library functions and methods (outside the record) whose bodies name it. */
function usersOf(
  records: ReadonlyMap<CodeSymbol, readonly CodeSymbol[]>,
  context: RecordUserContext,
): Map<string, Set<CodeSymbol>> {
  const names = new Set([...records.keys()].map((c) => c.name));
  const own = new Set([...records].flatMap(([c, members]) => [c, ...members]));
  const users = new Map<string, Set<CodeSymbol>>();
  for (const s of context.candidates) {
    if ((s.kind !== "function" && s.kind !== "method") || own.has(s) || context.isTest(s.file)) continue;
    const body = context.readLines(s.file)?.slice(s.startLine - 1, s.endLine) ?? [];
    for (const name of identifiersIn(body.join("\n")))
      if (names.has(name)) users.set(name, (users.get(name) ?? new Set()).add(s));
  }
  return users;
}
