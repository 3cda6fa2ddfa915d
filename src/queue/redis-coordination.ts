// Coordination (coordination.ts) on Redis: plain keys with expiry for parks and liveness, a sorted
// set of leased slots per installation (score = lease end, so a dead holder's slot lapses), a set
// of waiting runs per installation for fairness, and one pub/sub channel for cancellations.
import { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import type { Coordination } from "./coordination.ts";

const prefix = "xihe:";
const cancelChannel = `${prefix}cancel`;

// Drops lapsed leases, then renews this holder's or takes a free slot. Atomic: two workers never
// both take the last slot.
const acquireScript = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[2]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[4]), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]) * 2)
  return 1
end
return 0`;

// Keeps the later of the stored and the new "not before", expiring with it.
const parkScript = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local at = tonumber(ARGV[1])
if at > current then redis.call('SET', KEYS[1], at, 'PXAT', at) end
return 1`;

export function connectRedisCoordination(url: string, log: Logger): Coordination {
  // Commands wait for a reconnect (Redis restarted); each connection error is logged, not thrown.
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  const logErrors = (client: Redis) =>
    client.on("error", (err: Error) => log.warn({ err }, "redis connection error; reconnecting"));
  logErrors(redis);
  let subscriber: Redis | null = null;
  const pendingKey = (installationId: number | null) => `${prefix}pending:${installationId ?? "none"}`;
  return {
    async notBefore(installationId) {
      const at = await redis.get(`${prefix}not-before:${installationId}`);
      return at === null ? null : new Date(Number(at));
    },
    async parkUntil(installationId, at) {
      await redis.eval(parkScript, 1, `${prefix}not-before:${installationId}`, at.getTime());
    },
    async acquireSlot(installationId, runId, cap, leaseMs) {
      const key = `${prefix}slots:${installationId}`;
      return (await redis.eval(acquireScript, 1, key, Date.now(), runId, cap, leaseMs)) === 1;
    },
    async releaseSlot(installationId, runId) {
      await redis.zrem(`${prefix}slots:${installationId}`, runId);
    },
    async markAlive(workerId, ttlMs) {
      await redis.set(`${prefix}alive:${workerId}`, "1", "PX", ttlMs);
    },
    async isAlive(workerId) {
      return (await redis.exists(`${prefix}alive:${workerId}`)) === 1;
    },
    async pendingRun(installationId, runId) {
      const [, count] =
        (await redis
          .multi()
          .sadd(pendingKey(installationId), runId)
          .scard(pendingKey(installationId))
          .exec()) ?? [];
      return Number(count?.[1] ?? 1);
    },
    async startedRun(installationId, runId) {
      await redis.srem(pendingKey(installationId), runId);
    },
    async subscribeCancel(onCancel) {
      subscriber ??= logErrors(redis.duplicate());
      subscriber.on("message", (channel: string, runId: string) => {
        if (channel === cancelChannel) onCancel(runId);
      });
      await subscriber.subscribe(cancelChannel);
    },
    async publishCancel(runId) {
      await redis.publish(cancelChannel, runId);
    },
    async close() {
      subscriber?.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
