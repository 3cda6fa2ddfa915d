// npm run bench:webhook [-- --deliveries N]: how fast the App answers webhooks while GitHub is
// unreachable (accepts connections, never answers) and while it answers every request in 300 ms.
// N signed deliveries (default 200), mixed over every subscribed event type, are posted at once to
// the real webhook server; the worker triages them meanwhile, as in production: one process, its
// SQLite store and in-process worker. Prints ack p50/p99 and the load average (1 min) before each.
import { sign } from "@octokit/webhooks-methods";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { pino } from "pino";
import { createWebhookServer } from "../src/server/webhook-server.ts";
import { createHarness, fixture, secret } from "../test/github/app-harness.ts";
import { startFakeGitHub, type FakeGitHub } from "../test/github/fake-github-server.ts";
import { subscribedDeliveries } from "../test/github/webhook-deliveries.ts";

const args = process.argv.slice(2);
const count = args.includes("--deliveries") ? Number(args[args.indexOf("--deliveries") + 1]) : 200;
const repoPath = "/repos/Codertocat/Hello-World";

function answering(fake: FakeGitHub): void {
  fake.answer(
    {
      "POST /app/installations/2311213/access_tokens": {
        status: 201,
        body: {
          token: "ghs_benchtoken",
          expires_at: "2099-01-01T00:00:00Z",
          permissions: { issues: "write" },
        },
      },
      [`GET ${repoPath}/contents/.github%2Fxihe.yml`]: { status: 404, body: { message: "Not Found" } },
      [`GET ${repoPath}/collaborators/Codertocat/permission`]: {
        status: 200,
        body: fixture("collaborator-permission.write.json"),
      },
      [`GET ${repoPath}/pulls/1`]: { status: 200, body: fixture("pulls.get.same-repo.json") },
      [`POST ${repoPath}/issues/comments/492700400/reactions`]: { status: 201, body: { id: 9 } },
      [`GET ${repoPath}/git/matching-refs/heads%2Fxihe%2Ffix%2F1-`]: { status: 200, body: [] },
    },
    300,
  );
}

async function measure(label: string, setUp: (fake: FakeGitHub) => void): Promise<void> {
  const load = loadavg()[0]!.toFixed(2);
  const fake = await startFakeGitHub();
  setUp(fake);
  const h = await createHarness({ baseUrl: fake.url, requestTimeoutMs: 10_000 });
  const server = createWebhookServer({
    webhooks: h.probot.webhooks,
    webhooksPath: "/api/github/webhooks",
    log: pino({ level: "silent" }),
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;
  h.worker.start(100);
  const kinds = subscribedDeliveries();
  const signed = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const { event, payload } = kinds[i % kinds.length]!;
      const body = JSON.stringify(payload);
      return { event, body, id: `bench-${label}-${i}`, signature: await sign(secret, body) };
    }),
  );
  const times = await Promise.all(
    signed.map(async (d) => {
      const started = performance.now();
      const res = await fetch(url, {
        method: "POST",
        body: d.body,
        headers: {
          "content-type": "application/json",
          "x-github-event": d.event,
          "x-github-delivery": d.id,
          "x-hub-signature-256": d.signature,
        },
      });
      await res.arrayBuffer();
      if (res.status >= 300) throw new Error(`delivery ${d.id} (${d.event}) got ${res.status}`);
      return performance.now() - started;
    }),
  );
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  console.log(
    `${label.padEnd(28)} ${count} deliveries: ack p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (load average ${load})`,
  );
  await new Promise((r) => server.close(r));
  await fake.close();
  await h.close();
}

await measure("GitHub unreachable", (fake) => fake.hang());
await measure("GitHub answering in 300 ms", answering);
