// One bare mirror per repository under `<workDir>/mirrors`, refreshed with `git fetch` only when the
// wanted commit is missing. Fetches into one mirror are serialised (git's ref locks would fail).
import { existsSync, mkdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { XiheError } from "../../errors.ts";
import { runGit } from "./run-git.ts";

export class CommitNotFoundError extends XiheError {
  readonly code = "commit_not_found";
}

export interface MirrorRequest {
  cloneUrl: string;
  sha: string;
  prNumber?: number;
  token?: string;
}

export interface MirrorCache {
  /** Returns the mirror directory once it contains `sha`. */
  ensureCommit(request: MirrorRequest): Promise<string>;
  readonly emptyHooksDir: string;
}

export function createMirrorCache(workDir: string): MirrorCache {
  const mirrorsDir = join(workDir, "mirrors");
  const emptyHooksDir = join(workDir, "empty-hooks");
  mkdirSync(mirrorsDir, { recursive: true });
  mkdirSync(emptyHooksDir, { recursive: true });
  const queues = new Map<string, Promise<unknown>>();
  const serialised = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const next = (queues.get(key) ?? Promise.resolve()).then(task, task);
    queues.set(
      key,
      next.catch(() => undefined), // the caller sees the error; the queue only orders work
    );
    return next;
  };
  return {
    emptyHooksDir,
    ensureCommit(request) {
      const mirror = join(mirrorsDir, mirrorName(request.cloneUrl));
      return serialised(mirror, async () => {
        const git = {
          emptyHooksDir,
          token: request.token,
          allowFileProtocol: request.cloneUrl.startsWith("file://"),
        };
        if (!existsSync(mirror))
          await runGit(["init", "--bare", "--quiet", "--", mirror], { ...git, cwd: mirrorsDir });
        if (await hasCommit(mirror, request.sha, emptyHooksDir)) return mirror;
        const refspecs = ["+refs/heads/*:refs/heads/*"];
        if (request.prNumber !== undefined)
          refspecs.push(`+refs/pull/${request.prNumber}/head:refs/pull/${request.prNumber}/head`);
        const fetch = ["fetch", "--quiet", "--no-tags", "--no-recurse-submodules", "--prune", "--"];
        await runGit([...fetch, request.cloneUrl, ...refspecs], { ...git, cwd: mirror });
        if (await hasCommit(mirror, request.sha, emptyHooksDir)) return mirror;
        // Not on a branch (force-pushed away, or a fork head we did not name): ask for the commit itself.
        await runGit([...fetch, request.cloneUrl, request.sha], { ...git, cwd: mirror }).catch(
          () => undefined,
        );
        if (await hasCommit(mirror, request.sha, emptyHooksDir)) return mirror;
        throw new CommitNotFoundError(
          `commit ${request.sha} is not on any branch${request.prNumber ? ` or pull/${request.prNumber}/head` : ""} of the repository; was the PR force-pushed?`,
        );
      });
    },
  };
}

async function hasCommit(mirror: string, sha: string, emptyHooksDir: string): Promise<boolean> {
  try {
    await runGit(["cat-file", "-e", `${sha}^{commit}`], {
      cwd: mirror,
      emptyHooksDir,
      allowFileProtocol: false,
    });
    return true;
  } catch {
    return false; // "missing" is the expected answer here, not an error
  }
}

/** A readable, collision-free directory name; refuses URLs that carry credentials. */
export function mirrorName(cloneUrl: string): string {
  const url = new URL(cloneUrl);
  if (!["https:", "http:", "file:"].includes(url.protocol))
    throw new CloneUrlError(`clone URL must be https:// (or file:// for local mirrors); got ${url.protocol}`);
  if (url.username !== "" || url.password !== "")
    throw new CloneUrlError("clone URL must not contain credentials; pass the token separately");
  const readable = `${url.hostname}${url.pathname}`.replace(/[^A-Za-z0-9._-]+/g, "+").replace(/^[+.]+/, "");
  const hash = createHash("sha256").update(cloneUrl).digest("hex").slice(0, 10);
  return `${readable.slice(-80)}-${hash}.git`;
}

export class CloneUrlError extends XiheError {
  readonly code = "invalid_clone_url";
}
