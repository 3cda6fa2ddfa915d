import { describe, expect, it } from "vitest";
import { chooseApplyTarget } from "../../src/delivery/choose-apply-target.ts";

const urls = {
  headCloneUrl: "https://github.com/contrib/app.git",
  baseCloneUrl: "https://github.com/octo/app.git",
};

describe("chooseApplyTarget", () => {
  it("pushes a same-repo PR's fix to the base repository", () => {
    expect(
      chooseApplyTarget({ isFork: false, maintainerCanModify: false, ...urls }, { allowForkPush: false }),
    ).toEqual({
      allowed: true,
      headRemoteUrl: urls.baseCloneUrl,
    });
  });

  it("never pushes to a fork without maintainer edits, whatever the config says", () => {
    const out = chooseApplyTarget(
      { isFork: true, maintainerCanModify: false, ...urls },
      { allowForkPush: true },
    );
    expect(out).toMatchObject({ allowed: false, reason: "fork_push_not_allowed" });
    if (!out.allowed) expect(out.message).toContain("does not allow edits from maintainers");
  });

  it("pushes to a fork only when maintainer edits are allowed and the config opts in", () => {
    expect(
      chooseApplyTarget({ isFork: true, maintainerCanModify: true, ...urls }, { allowForkPush: false }),
    ).toMatchObject({
      allowed: false,
    });
    expect(
      chooseApplyTarget({ isFork: true, maintainerCanModify: true, ...urls }, { allowForkPush: true }),
    ).toEqual({
      allowed: true,
      headRemoteUrl: urls.headCloneUrl,
    });
  });
});
