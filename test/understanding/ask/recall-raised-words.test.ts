// A question about an error is answered where the code raises it (heldout7's rfc3986-04 in shape,
// port-range-errors.ts): `URIBuilder.add_port` raises a ValueError for a negative port and
// `Validator.allow_ports` only filters ports in the same range and says "one of the provided ports".
// Without the raised words the validator, whose name and doc carry more of the question, is first.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { raisedWords } from "../../../src/understanding/ask/raised-message.ts";
import { questionAbout } from "../../../src/understanding/ask/question-about.ts";
import { portRangeErrors } from "./port-range-errors.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

describe("ask recall: the words an error is raised with", () => {
  it("ranks the method that raises the error the question asks about over one that only filters", async () => {
    const { index, readLines } = await indexOf(portRangeErrors);
    const ranked = recall(
      index,
      readLines,
      "what error do I get when building a URL with a negative port or one above 65535?",
    );
    expect(names(ranked)[0]).toBe("URIBuilder.add_port");
    expect(ranked[0]?.why.join("; ")).toContain("raises or throws with the question's error");
  });

  it("reads the raise and throw lines, not the rest of the body", () => {
    const words = raisedWords([
      "        port_int = int(port)",
      "        if port_int < 0:",
      '            raise ValueError("ports may not be negative")',
      "        shifted = port_int + offset",
      "        throw new RangeError('port ' + shifted + ' too large');",
    ]);
    expect(words).toEqual([
      "value",
      "error",
      "ports",
      "may",
      "negative",
      "range",
      "error",
      "port",
      "shifted",
      "too",
      "large",
    ]);
    expect(words).not.toContain("offset");
  });

  it("counts them only for a question about an error, a refusal or a warning", () => {
    expect(questionAbout("what error do I get when the port is negative?").aboutError).toBe(true);
    expect(questionAbout("why is a list index like 01 rejected?").aboutError).toBe(true);
    expect(questionAbout("what warning is shown for an old function?").aboutError).toBe(true);
    expect(questionAbout("how is a port added to the URL?").aboutError).toBe(false);
  });
});
