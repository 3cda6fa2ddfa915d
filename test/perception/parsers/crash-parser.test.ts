// Crash lines the fixtures do not hold: the shell's reports of a process killed by SIGTRAP (how V8
// ends after a fatal error or `--abort-on-uncaught-exception`) or SIGILL, as bash printed them.
import { describe, expect, it } from "vitest";
import { diagnose } from "../../../src/perception/diagnose.ts";

describe("crashes the shell reports by their signal", () => {
  it.each([
    [
      "bash's job report of a trap",
      "bash: line 1:  6655 Trace/breakpoint trap   node --abort-on-uncaught-exception test/run.js",
      "Trace/breakpoint trap",
    ],
    ["a trap with a core dump", "Trace/breakpoint trap (core dumped)", "Trace/breakpoint trap (core dumped)"],
    ["an illegal instruction", "Illegal instruction (core dumped)", "Illegal instruction (core dumped)"],
  ])("%s is a crash", async (_, line, message) => {
    const { failures } = await diagnose(["> pkg@1.0.0 test", "> node test/run.js", "", line].join("\n"));
    expect(failures).toEqual([
      expect.objectContaining({ kind: "crash", message: expect.stringContaining(message) }),
    ]);
  });

  it("a line that only mentions a trap is none", async () => {
    const { failures } = await diagnose("docs: explain what a Trace/breakpoint trap means\nok 1 traps\n");
    expect(failures).toEqual([]);
  });
});
