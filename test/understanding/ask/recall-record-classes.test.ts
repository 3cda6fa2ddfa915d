// A warning or error class with no behaviour of its own ranked below the one check that reports it
// (record-class-users.ts), on a small pyflakes-like fixture with a real tree-sitter parse.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { checker, messages } from "./pyflakes-messages.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

describe("ask recall: record classes and the code that reports them", () => {
  it("ranks the one check that names a warning class above the class", async () => {
    const { index, readLines } = await indexOf({ "pkg/messages.py": messages, "pkg/checker.py": checker });
    const question = "where does it complain about an if statement whose condition is a non-empty tuple?";
    const ranked = recall(index, readLines, question);
    expect(names(ranked).slice(0, 2)).toEqual(["Checker.IF", "IfTuple"]);
    expect(ranked[0]?.why.join("; ")).toContain("the one library function that names IfTuple");
    expect(names(recall(index, readLines, question, { weights: { recordUser: 0 } }))[0]).toBe("IfTuple");
  });

  it("lifts no user of a record named in two places, and takes a class with a method for no record", async () => {
    const { index, readLines } = await indexOf({ "pkg/messages.py": messages, "pkg/checker.py": checker });
    const off = { weights: { recordUser: 0 } };
    // (the question says what the record's doc says: a record matched on one word earns nothing for its name)
    const undefinedName = "where is a name that is never defined reported?";
    const ranked = recall(index, readLines, undefinedName);
    expect(names(ranked)[0]).toBe("UndefinedName");
    expect(ranked.flatMap((r) => r.why).join("; ")).not.toContain("names UndefinedName");
    expect(names(ranked)).toEqual(names(recall(index, readLines, undefinedName, off)));
    // TupleCounter has the words and one user (Checker.TUPLE), but it has a method of its own: it is
    // code, not a report, and keeps its place.
    const counter = "which tuple counter counts non-empty tuple literals?";
    const counted = recall(index, readLines, counter);
    expect(names(counted)[0]).toBe("TupleCounter");
    expect(counted.flatMap((r) => r.why).join("; ")).not.toContain("names TupleCounter");
  });
});
