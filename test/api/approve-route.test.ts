// POST /v1/runs/{id}/approve over real HTTP: approve scope, only a run that needs input, only the
// step its outcome holds, problem+json refusals with nothing resumed, and the approver called once.
import { afterEach, expect, it } from "vitest";
import type { RunRecord } from "../../src/store/store.ts";
import { startApiHarness, type ApiHarness } from "./api-harness.ts";

let h: ApiHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

async function heldRun(h: ApiHarness, repo: string, id: string): Promise<void> {
  await h.store.createRun(
    {
      installationId: null,
      repo,
      pr: null,
      headSha: "a".repeat(40),
      verb: "fix",
      args: "node --test",
      trigger: "cli",
      requester: "cli",
      budget: null,
      context: {},
    },
    { id, now: new Date().toISOString() },
  );
  const at = new Date().toISOString();
  await h.store.startStep({
    runId: id,
    stepId: "result",
    kind: "result",
    input: { approvals: [] },
    startedAt: at,
  });
  await h.store.finishStep(id, "result", {
    status: "succeeded",
    output: { status: "needs_input", heldStep: "round-1:exec-1", reason: "held" },
    error: null,
    endedAt: at,
  });
  await h.store.updateRun(id, { status: "needs_input", reason: "held a high-risk change", endedAt: at });
}

it("approves the held step with an approve token; refuses other scopes, steps, repos and states", async () => {
  const calls: [string, string[]][] = [];
  h = await startApiHarness({
    executors: {},
    approver: {
      async approve(run: RunRecord, steps: string[]) {
        calls.push([run.id, steps]);
        return { ok: true };
      },
    },
  });
  await heldRun(h, "octo/app", "r-held");
  const approve = async (token: string, body: unknown, id = "r-held") =>
    fetch(`${h!.url}/v1/runs/${id}/approve`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const typeOf = async (res: Response) =>
    ((await res.json()) as { type: string }).type.replace("urn:xihe:problem:", "");
  const approver = await h.token("approve", "octo/*");
  const run = await h.token("run", "octo/*");
  const elsewhere = await h.token("approve", "other/*");

  const scoped = await approve(run, { steps: ["round-1:exec-1"] });
  expect([scoped.status, await typeOf(scoped)]).toEqual([403, "insufficient-scope"]);
  const hidden = await approve(elsewhere, { steps: ["round-1:exec-1"] });
  expect([hidden.status, await typeOf(hidden)]).toEqual([404, "not-found"]);
  const wrongStep = await approve(approver, { steps: ["round-2:exec-9"] });
  expect(wrongStep.status).toBe(422);
  expect(((await wrongStep.json()) as { detail: string }).detail).toContain("it holds round-1:exec-1");
  const badBody = await approve(approver, { steps: [] });
  expect([badBody.status, await typeOf(badBody)]).toEqual([422, "invalid-request"]);
  expect(calls).toEqual([]);

  const ok = await approve(approver, { steps: ["round-1:exec-1"] });
  expect(ok.status).toBe(202);
  expect(((await ok.json()) as { id: string }).id).toBe("r-held");
  expect(calls).toEqual([["r-held", ["round-1:exec-1"]]]);

  await h.store.updateRun("r-held", { status: "succeeded" });
  const ended = await approve(approver, { steps: ["round-1:exec-1"] });
  expect([ended.status, await typeOf(ended)]).toEqual([409, "conflict"]);
  expect(calls).toHaveLength(1);
  const audit = await h.store.listAudit({ runId: "r-held" });
  expect(audit.filter((a) => a.action === "api.approveRun").map((a) => a.result)).toContainEqual({
    status: 202,
  });
});

it("answers 409 with the approver's reason when the run cannot be resumed here", async () => {
  h = await startApiHarness({ executors: {} });
  await heldRun(h, "octo/app", "r-app");
  const res = await fetch(`${h.url}/v1/runs/r-app/approve`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${await h.token("approve", "octo/app")}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ steps: ["round-1:exec-1"] }),
  });
  expect(res.status).toBe(409);
  expect(((await res.json()) as { detail: string }).detail).toBe("no approver in this test");
  expect((await h.store.getRun("r-app"))!.status).toBe("needs_input");
});
