import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { questionAbout } from "../../../src/understanding/ask/question-about.ts";
import { questionTerms } from "../../../src/understanding/ask/question-terms.ts";
import { lines } from "../make-repo.ts";
import { useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

// h11's shape: the function that decides keep-alive and an example server that reads from the peer.
// "for example" in the question introduces a case of what is asked; it does not ask about example
// code (nor about every docstring that says "for example").
describe("ask recall: a question that gives an example", () => {
  it("drops 'for example' and 'for instance' from the question's terms", () => {
    expect(questionTerms("is the body kept, for example when the peer closes?")).toEqual([
      "body",
      "kept",
      "peer",
      "closes",
    ]);
    expect(questionTerms("how are two items compared, for instance two objects?")).not.toContain("instance");
    expect(questionTerms("where is the example server started?")).toContain("example");
  });

  it("ranks the code that decides above example code", async () => {
    const { index, readLines } = await indexOf({
      "h11/_connection.py": lines(
        "def _keep_alive(event):",
        "    connection = get_comma_header(event.headers, b'connection')",
        "    if b'close' in connection:",
        "        return False",
        "    if getattr(event, 'http_version', b'1.1') < b'1.1':",
        "        return False",
        "    return True",
      ),
      "examples/server.py": lines(
        "class Wrapper:",
        "    async def read_from_peer(self):",
        "        # an example server: read the bytes the peer sends on this connection",
        "        return await self.stream.receive_some()",
      ),
    });
    const [first] = recall(
      index,
      readLines,
      "how is it decided whether the connection can stay open for another request, for example when the peer speaks an older protocol version?",
    );
    expect(first?.symbol.qualifiedName).toBe("_keep_alive");
  });
});

describe("what a question asks about", () => {
  it("takes a host name for no question about examples, a file name for one", () => {
    expect(questionAbout("why does http://example.com/a parse without a port?").aboutPeripheral).toBe(false);
    expect(questionAbout("what does example.py print for a closed connection?").aboutPeripheral).toBe(true);
    expect(questionAbout("what does bench.js time?").aboutPeripheral).toBe(true);
    expect(questionAbout("is the body kept, for example when the peer closes?").aboutPeripheral).toBe(false);
    expect(questionAbout("where is the example server started?").aboutPeripheral).toBe(true);
  });
});
