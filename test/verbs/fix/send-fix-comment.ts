// The App end-to-end fix runs' common middle: GitHub's answers for a same-repository PR whose head is
// `remote`, with `.github/xihe.yml` naming `commands`; a signed `/xihe fix` comment; the worker drained.
import type { Harness } from "../../github/app-harness.ts";
import { commentPayload, fixture } from "../../github/app-harness.ts";
import type { ProjectRemote } from "./e2e-project-remote.ts";
import { interceptFixRun } from "./fix-run-api.ts";

export async function sendFixComment(
  h: Harness,
  remote: ProjectRemote,
  commands: Record<string, string[]>,
  deliveryId: string,
  /** false: the run must stop before delivery (no fix PR is looked up or opened). */
  delivers = true,
) {
  const pull = fixture<{ head: { sha: string }; base: { repo: { clone_url: string } } }>(
    "pulls.get.same-repo.json",
  );
  pull.head.sha = remote.head;
  pull.base.repo.clone_url = `file://${remote.bare}`;
  const config = Buffer.from(`commands: ${JSON.stringify(commands)}\n`).toString("base64");
  const contents = { type: "file", encoding: "base64", content: config, path: ".github/xihe.yml" };
  const { created, updates, checkDone } = interceptFixRun({
    head: remote.head,
    pull,
    contents,
    log: remote.log,
    fork: false,
    delivers,
  });
  const started = Date.now();
  await h.send("issue_comment", commentPayload("/xihe fix"), deliveryId);
  await h.worker.drain();
  const runSeconds = (Date.now() - started) / 1000;
  const [run] = await h.store.listRuns({});
  return { run, final: updates.at(-1) ?? "", created, checkDone, runSeconds };
}

/** The App's environment for an end-to-end fix run: a scripted model at `baseURL`, the bwrap sandbox. */
export function scriptedModelAppEnv(baseURL: string): Record<string, string> {
  return {
    XIHE_MODEL_BASE_URL: baseURL,
    XIHE_MODEL: "gpt-4.1",
    XIHE_MODEL_API_KEY: "sk-test-model-key-000000",
    XIHE_SANDBOX: "bwrap",
  };
}
