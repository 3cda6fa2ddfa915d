// Issue 15: the App reads the queue's depth for /metrics (the workers' autoscaler) and for /readyz;
// real Redis, jobs added and none taken, then Redis gone: the depth call fails instead of answering.
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openBullmqQueue } from "../../src/queue/bullmq-queue.ts";
import { connectRedisCoordination } from "../../src/queue/redis-coordination.ts";
import type { Coordination } from "../../src/queue/coordination.ts";
import type { JobQueue } from "../../src/queue/job-queue.ts";
import { startRedisServer, type RedisServer } from "../support/redis-server.ts";

const log = pino({ level: "silent" });
let redis: RedisServer;
let coordination: Coordination;
let queue: JobQueue;

beforeAll(async () => {
  redis = await startRedisServer();
  coordination = connectRedisCoordination(redis.url, log);
  queue = openBullmqQueue(redis.url, coordination, log);
});
afterAll(async () => {
  await redis?.stop();
});

it("counts the jobs no worker has taken, per queue, the same job added twice once (alone or in a batch)", async () => {
  expect(await queue.waiting()).toEqual({ triage: 0, runs: 0 });
  await queue.add({ kind: "run", runId: "r1", installationId: 1 });
  await queue.add({ kind: "run", runId: "r2", installationId: 1 });
  await queue.add({ kind: "run", runId: "r3", installationId: 2 });
  await queue.add({ kind: "triage", deliveryId: "d1", installationId: 1 });
  await queue.add({ kind: "triage", deliveryId: "d1", installationId: 1 });
  expect(await queue.waiting()).toEqual({ triage: 1, runs: 3 });
  // A batch (the App's deliveries of one moment) dedups the same way, within it and against the queue.
  await queue.addTriage([
    { kind: "triage", deliveryId: "d2", installationId: 1 },
    { kind: "triage", deliveryId: "d1", installationId: 1 },
    { kind: "triage", deliveryId: "d2", installationId: 1 },
    { kind: "triage", deliveryId: "d3", installationId: null },
  ]);
  expect(await queue.waiting()).toEqual({ triage: 3, runs: 3 });
});

it("does not answer a depth once Redis is gone", async () => {
  await redis.stop();
  const answer = await Promise.race([
    queue.waiting().then(() => "answered"),
    new Promise((r) => setTimeout(() => r("no answer"), 2_000)),
  ]);
  expect(answer).toBe("no answer");
});
