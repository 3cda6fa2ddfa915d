import { afterAll, describe, expect, it } from "vitest";
import {
  chooseSandbox,
  SandboxUnavailableError,
  type ChooseSandboxOptions,
} from "../../../src/workspace/sandbox/choose-sandbox.ts";
import type { SandboxSupport } from "../../../src/workspace/sandbox/sandbox-support.ts";
import { makeScratchDir } from "../scratch-dir.ts";

const none: SandboxSupport = {
  bwrap: null,
  cgroupParents: null,
  prlimit: null,
  docker: null,
  identity: null,
  notes: ["bwrap: not installed"],
};
const withBwrap: SandboxSupport = { ...none, bwrap: "/usr/bin/bwrap" };

describe("chooseSandbox", () => {
  const scratch = makeScratchDir("choose");
  afterAll(() => scratch.remove());
  const base: ChooseSandboxOptions = {
    requested: "auto",
    source: "github",
    trustLocal: false,
    root: scratch.dir,
    support: none,
    newId: () => "1",
    now: Date.now,
  };
  const kindOf = (o: Partial<ChooseSandboxOptions>): string => {
    try {
      return chooseSandbox({ ...base, ...o }).kind;
    } catch (err) {
      expect(err).toBeInstanceOf(SandboxUnavailableError);
      return `refused: ${(err as Error).message}`;
    }
  };

  it("prefers bubblewrap, then a pinned docker image", () => {
    expect(kindOf({ support: withBwrap })).toBe("bwrap");
    expect(
      kindOf({ support: { ...none, docker: "/usr/bin/docker" }, dockerImage: `x@sha256:${"b".repeat(64)}` }),
    ).toBe("docker");
  });

  it("refuses PR code from GitHub without a real sandbox and says how to install one", () => {
    expect(kindOf({})).toMatch(/refused: .*apt-get install bubblewrap/);
    expect(kindOf({ requested: "local", trustLocal: true })).toMatch(
      /refused: refusing to run pull-request code/,
    );
    expect(kindOf({ requested: "bwrap" })).toMatch(/refused: bubblewrap is not usable here/);
  });

  it("uses the local runner only for the user's own checkout with --trust-local", () => {
    expect(kindOf({ source: "local_checkout", requested: "local" })).toMatch(/refused: .*--trust-local/);
    expect(kindOf({ source: "local_checkout", requested: "local", trustLocal: true })).toBe("local");
    expect(kindOf({ source: "local_checkout", trustLocal: true })).toBe("local");
    expect(kindOf({ source: "local_checkout", trustLocal: true, support: withBwrap })).toBe("bwrap");
  });
});
