// What the GitHub Enterprise Server fix runs share (the App process and `xihe fix --pr`): stats-kit
// (jest, eslint, prettier, a committed lockfile) as PR #1 of Codertocat/Hello-World in a bare
// repository the fake server's git endpoint serves, the scripted model that fixes its unit test,
// and what a delivered fix looks like on the server afterwards.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../agent/support/scripted-model-server.ts";
import { git, makeProjectRemote, type ProjectRemote } from "../verbs/fix/e2e-project-remote.ts";
import { fixture } from "./app-harness.ts";
import { startFakeGhes, type FakeGhes, type GhesScenario } from "./fake-ghes-server.ts";

const project = fileURLToPath(new URL("../fixtures/projects/stats-kit/", import.meta.url));
export const commands = { test: ["npx jest"], lint: ["npx eslint .", "npx prettier --check ."] };
const modelTurns = JSON.parse(
  readFileSync(new URL("../fixtures/github/model-turns.stats-median-fix.json", import.meta.url), "utf8"),
) as { body: unknown }[];

/** A github.com payload as the Enterprise Server at `web` sends it: every URL on that server. */
export function onServer<T>(payload: T, web: string): T {
  const text = JSON.stringify(payload)
    .replaceAll("https://api.github.com", `${web}/api/v3`)
    .replaceAll("https://github.com", web);
  return JSON.parse(text) as T;
}

export interface GhesFixScenario {
  remote: ProjectRemote;
  model: ScriptedModelServer;
  ghes: FakeGhes;
}

export async function startGhesFixScenario(
  root: string,
  server: Pick<GhesScenario, "appId" | "publicKey" | "installationToken" | "runToken">,
): Promise<GhesFixScenario> {
  // The bare repository lives where the server's git endpoint serves /Codertocat/Hello-World.git.
  const remote = makeProjectRemote(join(root, "Codertocat"), project, [
    "stats-kit: mean, median, range",
    "median: simpler; range: name the bounds",
  ]);
  const model = await startScriptedModelServer(modelTurns);
  const ghes = await startFakeGhes({
    ...server,
    installationId: 2311213,
    repo: "Codertocat/Hello-World",
    projectRoot: root,
    pull: (web) => {
      const pull = onServer(fixture<{ head: { sha: string } }>("pulls.get.same-repo.json"), web);
      pull.head.sha = remote.head;
      return pull;
    },
    configText: `commands: ${JSON.stringify(commands)}\n`,
    jobLog: remote.log,
  });
  return { remote, model, ghes };
}

/**
 * The fix as the Enterprise Server sees it: the run's check run green, exactly one comment (the
 * final report, each CI command failing before and passing after, linking the fix PR on the server),
 * one fix PR from the side branch pushed into the bare repository, committed as `author`.
 */
export function expectFixDeliveredOnGhes(
  s: GhesFixScenario,
  author: string,
  coAuthor: string | null,
): string {
  const { ghes, remote } = s;
  expect(ghes.unexpected).toEqual([]);
  expect([...ghes.checkRuns.values()]).toMatchObject([{ status: "completed", conclusion: "success" }]);
  expect(ghes.comments).toHaveLength(1);
  const final = ghes.comments[0]!.body;
  for (const command of [...commands.test, ...commands.lint])
    expect(final).toContain(`| \`${command}\` | 1 | 0 | ✅ pass |`);
  expect(ghes.pulls).toHaveLength(1);
  const [fixPr] = ghes.pulls;
  expect(fixPr).toMatchObject({ base: "changes", html_url: `${ghes.web}/Codertocat/Hello-World/pull/2` });
  expect(final).toContain(`(${ghes.web}/Codertocat/Hello-World/pull/2)`);
  expect(final).not.toContain("github.com/Codertocat");
  expect(final).not.toMatch(/ghs_|sk-test/);
  const branch = git(remote.bare, "branch", "--list", "xihe/fix/*").replace(/^[*\s]+/gm, "");
  expect(branch).toMatch(/^xihe\/fix\/1-/);
  expect(fixPr!.head).toBe(branch);
  const tip = git(remote.bare, "log", "-1", "--format=%an <%ae>%n%B", branch);
  expect(tip).toContain(author);
  if (coAuthor) expect(tip).toContain(`Co-authored-by: ${coAuthor}`);
  else expect(tip).not.toContain("Co-authored-by:");
  // The side branch builds on the PR head: the fix is a descendant, nothing was rewritten.
  execFileSync("git", ["merge-base", "--is-ancestor", remote.head, branch], { cwd: remote.bare });
  return final;
}
