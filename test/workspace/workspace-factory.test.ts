import { randomUUID } from "node:crypto";
import {
  existsSync,
  lstatSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWorkspaceFactory, type WorkspaceFactory } from "../../src/workspace/workspace-factory.ts";
import { runGit } from "../../src/workspace/git/run-git.ts";
import { createRepo, git } from "./git-fixture.ts";
import { makeScratchDir } from "../support/scratch-dir.ts";

describe("workspace factory", () => {
  let scratch: ReturnType<typeof makeScratchDir>;
  let factory: WorkspaceFactory;
  let marker: string;
  beforeEach(() => {
    scratch = makeScratchDir("ws");
    marker = join(scratch.dir, "pwned");
    factory = createWorkspaceFactory({
      workDir: join(scratch.dir, "work"),
      workspacesDir: join(scratch.dir, "workspaces"),
      newId: randomUUID,
      minFreeMb: 1,
    });
  });
  afterEach(() => scratch.remove());

  it("checks out the exact SHA, including an older one, and disposes of the workspace", async () => {
    const src = join(scratch.dir, "src");
    const first = createRepo(src, { "a.txt": "one\n" });
    writeFileSync(join(src, "a.txt"), "two\n");
    git(src, ["commit", "-qam", "second"]);
    const ws = await factory.prepareWorkspace({ cloneUrl: `file://${src}`, sha: first });
    expect(readFileSync(join(ws.dir, "a.txt"), "utf8")).toBe("one\n");
    expect(git(ws.dir, ["rev-parse", "HEAD"])).toBe(first);
    expect(git(ws.dir, ["remote", "get-url", "origin"])).toBe(`file://${src}`);
    await ws.dispose();
    expect(existsSync(ws.dir)).toBe(false);
  });

  it("fetches a fork PR head through refs/pull/N/head", async () => {
    const src = join(scratch.dir, "src");
    createRepo(src, { "a.txt": "base\n" });
    git(src, ["checkout", "-qb", "fork-work"]);
    writeFileSync(join(src, "a.txt"), "fork\n");
    git(src, ["commit", "-qam", "fork change"]);
    const forkSha = git(src, ["rev-parse", "HEAD"]);
    git(src, ["update-ref", "refs/pull/7/head", forkSha]);
    git(src, ["checkout", "-q", "main"]);
    git(src, ["branch", "-qD", "fork-work"]);
    const ws = await factory.prepareWorkspace({ cloneUrl: `file://${src}`, sha: forkSha, prNumber: 7 });
    expect(readFileSync(join(ws.dir, "a.txt"), "utf8")).toBe("fork\n");
  });

  it("A10 rejects hostile refs with invalid_ref before running git", async () => {
    for (const sha of ["--upload-pack=touch /tmp/pwned", "$(curl x)", "main", "abc;rm -rf ~", "a\nb"]) {
      await expect(factory.prepareWorkspace({ cloneUrl: "file:///nonexistent", sha })).rejects.toMatchObject({
        code: "invalid_ref",
      });
    }
    await expect(
      factory.prepareWorkspace({ cloneUrl: "file:///x", sha: "a".repeat(40), prNumber: -1 }),
    ).rejects.toMatchObject({ code: "invalid_ref" });
  });

  it("A15 clones a hostile repository without running submodules, filters, hooks or odd branch names", async () => {
    const src = join(scratch.dir, "src");
    const evilUrl = `file://${join(scratch.dir, "evil")}`;
    createRepo(join(scratch.dir, "evil"), { "x.txt": "evil\n" });
    const lfsPointer =
      "version https://git-lfs.github.com/spec/v1\noid sha256:" + "0".repeat(64) + "\nsize 12\n";
    createRepo(src, {
      ".gitmodules": `[submodule "../../x"]\n\tpath = sub\n\turl = ${evilUrl}\n\tupdate = !touch ${marker}\n`,
      ".gitattributes": "*.bin filter=lfs diff=lfs merge=lfs -text\n*.txt filter=evil\n",
      "model.bin": lfsPointer,
      "readme.txt": "hi\n",
    });
    symlinkSync("/etc", join(src, "out"));
    const evilSha = git(join(scratch.dir, "evil"), ["rev-parse", "HEAD"]);
    git(src, ["update-index", "--add", "--cacheinfo", `160000,${evilSha},sub`]);
    git(src, ["add", "out"]);
    git(src, ["commit", "-qm", "hostile"]);
    git(src, ["update-ref", "refs/heads/--upload-pack=touch", "HEAD"]);
    // Filters and hooks the attacker hopes a careless host config would run.
    writeFileSync(join(src, ".git", "hooks", "post-checkout"), `#!/bin/sh\ntouch ${marker}\n`, {
      mode: 0o755,
    });
    const sha = git(src, ["rev-parse", "HEAD"]);
    const ws = await factory.prepareWorkspace({ cloneUrl: `file://${src}`, sha });
    expect(existsSync(marker)).toBe(false);
    expect(lstatSync(join(ws.dir, "out")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(ws.dir, "out"))).toBe("/etc");
    expect(readdirSync(join(ws.dir, "sub"))).toEqual([]);
    expect(readFileSync(join(ws.dir, "model.bin"), "utf8")).toBe(lfsPointer);
  });

  it("A15 ignores hooks and fsmonitor planted in a workspace's git config", async () => {
    const src = join(scratch.dir, "src");
    const sha = createRepo(src, { "a.txt": "a\n" });
    const ws = await factory.prepareWorkspace({ cloneUrl: `file://${src}`, sha });
    writeFileSync(join(ws.dir, ".git", "hooks", "post-checkout"), `#!/bin/sh\ntouch ${marker}-hook\n`, {
      mode: 0o755,
    });
    git(ws.dir, ["config", "core.fsmonitor", `touch ${marker}-fsmonitor; echo`]);
    const hardened = {
      cwd: ws.dir,
      emptyHooksDir: join(scratch.dir, "work", "empty-hooks"),
      allowFileProtocol: false,
    };
    await runGit(["checkout", "--quiet", "--detach", sha, "--"], hardened);
    await runGit(["status", "--porcelain"], hardened);
    expect(existsSync(`${marker}-hook`) || existsSync(`${marker}-fsmonitor`)).toBe(false);
    // Control: plain git with the same config does run them, so the assertion above means something.
    git(ws.dir, ["checkout", "--quiet", "--detach", sha, "--"]);
    git(ws.dir, ["status", "--porcelain"]);
    expect(existsSync(`${marker}-hook`) && existsSync(`${marker}-fsmonitor`)).toBe(true);
  });

  it("A39: in a workspace no .gitattributes selects a filter or diff driver, even one a config defines", async () => {
    const src = join(scratch.dir, "src");
    const sha = createRepo(src, {
      ".gitattributes": "* filter=leak diff=leak\n",
      "deep/.gitattributes": "*.txt filter=leak diff=leak\n",
      "deep/a.txt": "a\n",
    });
    const ws = await factory.prepareWorkspace({ cloneUrl: `file://${src}`, sha });
    // A driver definition we did not foresee (in the clone's own config, the only one host git reads).
    git(ws.dir, ["config", "filter.leak.clean", `sh -c 'touch ${marker}-filter; cat'`]);
    git(ws.dir, ["config", "diff.leak.textconv", `sh -c 'touch ${marker}-textconv; cat "$0"'`]);
    git(ws.dir, ["config", "diff.leak.command", `sh -c 'touch ${marker}-external'`]);
    writeFileSync(join(ws.dir, "deep", "a.txt"), "b\n");
    const hardened = { cwd: ws.dir, emptyHooksDir: factory.hooksDir, allowFileProtocol: false };
    await runGit(["add", "-A"], hardened);
    const diff = await runGit(["diff", "--cached", "HEAD"], hardened);
    expect(diff).toContain("+b");
    expect(await runGit(["check-attr", "filter", "diff", "--", "deep/a.txt"], hardened)).toBe(
      "deep/a.txt: filter: unspecified\ndeep/a.txt: diff: unspecified",
    );
    expect(readdirSync(scratch.dir).filter((name) => name.startsWith("pwned"))).toEqual([]);
  });

  it("A16 refuses a tree with a symlinked .git and leaves no workspace behind", async () => {
    const src = join(scratch.dir, "src");
    createRepo(src, { "a.txt": "a\n" });
    const link = git(src, ["hash-object", "-w", "--stdin"], "/etc");
    const inner = git(src, ["mktree"], `120000 blob ${link}\t.git\n`);
    const top = git(src, ["mktree"], `040000 tree ${inner}\tsub\n`);
    const sha = git(src, ["commit-tree", top, "-m", "symlinked .git"]);
    git(src, ["update-ref", "refs/heads/evil", sha]);
    await expect(factory.prepareWorkspace({ cloneUrl: `file://${src}`, sha })).rejects.toMatchObject({
      code: "git_failed",
    });
    expect(readdirSync(join(scratch.dir, "workspaces"))).toEqual([]);
  });

  it("sends the token only as an http header, never in config or errors", async () => {
    const token = `ghs_${"T".repeat(36)}`;
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(403).end(`denied for ${token}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/o/r.git`;
    try {
      const err = await factory
        .prepareWorkspace({ cloneUrl: url, sha: "b".repeat(40), token })
        .catch((e: Error) => e);
      expect(err).toMatchObject({ code: "git_failed" });
      expect(String((err as Error).message)).not.toContain(token);
    } finally {
      server.close();
    }
    expect(seen[0]).toBe(`Basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`);
    const mirrors = join(scratch.dir, "work", "mirrors");
    for (const name of readdirSync(mirrors))
      expect(readFileSync(join(mirrors, name, "config"), "utf8")).not.toContain(token);
  });

  it("removes leftover workspaces at start-up", async () => {
    const src = join(scratch.dir, "src");
    const sha = createRepo(src, { "a.txt": "a\n" });
    await factory.prepareWorkspace({ cloneUrl: `file://${src}`, sha });
    await factory.prepareWorkspace({ cloneUrl: `file://${src}`, sha });
    expect(factory.removeLeftoverWorkspaces()).toBe(2);
    expect(readdirSync(join(scratch.dir, "workspaces"))).toEqual([]);
  });

  it("refuses to clone when the disk is too full", async () => {
    const tight = createWorkspaceFactory({
      workDir: join(scratch.dir, "work2"),
      workspacesDir: join(scratch.dir, "ws2"),
      newId: randomUUID,
      minFreeMb: Number.MAX_SAFE_INTEGER,
    });
    await expect(
      tight.prepareWorkspace({ cloneUrl: "file:///x", sha: "c".repeat(40) }),
    ).rejects.toMatchObject({
      code: "disk_space_low",
    });
  });
});
