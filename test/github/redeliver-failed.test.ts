// Missed-delivery recovery against a fake GitHub delivery log (nock, recorded response shapes of
// `GET /app/hook/deliveries` and `POST /app/hook/deliveries/{id}/attempts`).
import nock from "nock";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { redeliverFailed } from "../../src/github/redeliver-failed.ts";
import { createHarness, fixture, type Harness } from "./app-harness.ts";

const api = "https://api.github.com";
const page2 = `${api}/app/hook/deliveries?per_page=2&cursor=v1_93676014011`;
const now = () => new Date("2026-12-02T12:00:00Z");

// Page 1: two failed deliveries. Page 2: one failed delivery Xihe already processed, one whose
// redelivery succeeded, and one too old to redeliver.
const deliveryLog = (scope: nock.Scope) =>
  scope
    .get("/app/hook/deliveries")
    .query({ per_page: "2" })
    .reply(200, fixture<unknown[]>("app-hook-deliveries.page-1.json"), { link: `<${page2}>; rel="next"` })
    .get("/app/hook/deliveries")
    .query({ per_page: "2", cursor: "v1_93676014011" })
    .reply(200, fixture<unknown[]>("app-hook-deliveries.page-2.json"));

describe("missed-delivery recovery", () => {
  let h: Harness;
  const lines: string[] = [];
  const log = pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _e, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  beforeEach(async () => {
    h = await createHarness();
    lines.length = 0;
  });
  afterEach(async () => {
    await h.close();
  });

  const pass = (maxPerPass = 10) =>
    redeliverFailed({
      appOctokit: () => h.probot.auth(),
      store: h.store,
      log,
      now,
      maxPerPass,
      perPage: 2,
      maxPages: 5,
    });

  it("redelivers each failed delivery once, skips processed ones, and asks nothing twice", async () => {
    await h.store.enqueueDelivery({
      deliveryId: "2d7b3f40-242f-11e5-9d9c-2d7b3f4000bb",
      event: "issue_comment",
      action: "created",
      installationId: 2311213,
      payload: {},
      receivedAt: "2026-12-02T11:40:01Z",
    });
    const scope = deliveryLog(nock(api))
      .post("/app/hook/deliveries/93676014012/attempts")
      .reply(202, {})
      .post("/app/hook/deliveries/93676014011/attempts")
      .reply(202, {});
    const first = await pass();
    expect(scope.isDone()).toBe(true);
    expect(first).toEqual({
      listed: 5,
      requested: ["0b989ba4-242f-11e5-81e1-c7b6966d2516", "1c6a2e30-242f-11e5-8c8b-1c6a2e3000aa"],
    });
    expect(lines.filter((l) => l.includes("asked GitHub to redeliver"))).toHaveLength(2);

    // A second pass over the same log: what was requested is remembered, so nothing is asked again.
    deliveryLog(nock(api));
    expect(await pass()).toEqual({ listed: 5, requested: [] });
  });

  it("asks for at most maxPerPass redeliveries in one pass; the next pass takes the rest", async () => {
    deliveryLog(nock(api)).post("/app/hook/deliveries/93676014012/attempts").reply(202, {});
    expect((await pass(1)).requested).toEqual(["0b989ba4-242f-11e5-81e1-c7b6966d2516"]);
    deliveryLog(nock(api)).post("/app/hook/deliveries/93676014011/attempts").reply(202, {});
    // The second pass also finds page 2's unprocessed failure (nothing recorded it in this test).
    nock(api).post("/app/hook/deliveries/93676014010/attempts").reply(202, {});
    expect((await pass(2)).requested).toEqual([
      "1c6a2e30-242f-11e5-8c8b-1c6a2e3000aa",
      "2d7b3f40-242f-11e5-9d9c-2d7b3f4000bb",
    ]);
  });
});
