// Issue 13 item 4: the shipped Dockerfile, built with podman and run as documented. The base image
// is built locally (scripts/build-node-base-image.sh: no image registry here), the App image from the
// repository's Dockerfile; the container starts as its unprivileged user with /dev/shm sized and
// /proc unmasked (no --privileged) and answers /healthz. Then the App in the container sandboxes a
// real run with bubblewrap: a signed `/xihe fix` from the local GitHub Enterprise Server on stats-kit
// (jest, eslint, prettier, a lockfile; npm ci through the sandbox's install phase) ends in a pushed
// side branch, one fix PR and one comment. The engine's seccomp profile refuses sethostname, so the
// App logs that its sandboxes run without their own hostname (sandbox-support.ts).
// Slow (a Debian bootstrap, npm ci with a native build, a whole fix): run it with
// `npx vitest run --config vitest.image.config.ts`; not part of `npm test`.
import { sign } from "@octokit/webhooks-methods";
import { execFileSync, spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { commentPayload } from "../github/app-harness.ts";
import {
  expectFixDeliveredOnGhes,
  onServer,
  startGhesFixScenario,
  type GhesFixScenario,
} from "../github/ghes-fix-scenario.ts";
import { scriptedModelAppEnv } from "../verbs/fix/send-fix-comment.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const podman = ["/usr/bin/podman", "/usr/local/bin/podman"].find((p) => existsSync(p));
const name = `xihe-app-image-test-${process.pid}`;
const secret = "image-webhook-secret";
const appId = 4712;
const { privateKey, publicKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs1", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});

// What this host needs from any podman container (ENV-NOTES §7): runc (crun refuses the hybrid
// cgroup hierarchy), cgroupfs without systemd, explicit rlimits (the defaults exceed its hard limits).
const hostFlags = ["--runtime", "runc", "--cgroup-manager=cgroupfs"];
const rlimits = ["--ulimit", "nofile=1024:1024", "--ulimit", "nproc=4096:4096"];

function run(args: string[], timeoutMs: number): string {
  return execFileSync(podman!, [...hostFlags, ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 1 << 26,
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();
}

// The App's log lines, from both of the container's streams (podman logs keeps them apart).
function logs(tail?: string): string {
  const out = spawnSync(podman!, [...hostFlags, "logs", ...(tail ? ["--tail", tail] : []), name], {
    encoding: "utf8",
    timeout: 10_000,
  });
  return `${out.stdout}${out.stderr}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let dir = "";
let s: GhesFixScenario | undefined;
afterAll(async () => {
  if (podman) spawnSync(podman, [...hostFlags, "rm", "-f", "-t", "5", name], { stdio: "ignore" });
  await s?.ghes.close();
  await s?.model.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe("the App image (Dockerfile) under podman", () => {
  if (!podman)
    it.skip("SKIPPED: podman is not installed (apt-get install -y podman runc); the App image was NOT tested", () => {});
  else
    it("builds from the Dockerfile, starts as its unprivileged user and answers /healthz", async () => {
      const t0 = Date.now();
      const base = execFileSync("bash", ["scripts/build-node-base-image.sh", podman], {
        cwd: root,
        encoding: "utf8",
        timeout: 1_800_000,
        stdio: ["ignore", "pipe", "inherit"],
      })
        .trim()
        .split("\n")
        .at(-1)!;
      const t1 = Date.now();
      const cafile = execFileSync("npm", ["config", "get", "cafile"], { encoding: "utf8" }).trim();
      const ca = cafile && cafile !== "null" && existsSync(cafile) ? cafile : null;
      const image = `localhost/xihe-app:image-test`;
      run(
        ["build", ...rlimits, "--build-arg", `NODE_IMAGE=${base}`, "-t", image]
          .concat(ca ? ["--secret", `id=npm_ca,src=${ca}`] : [])
          .concat(["."]),
        2_400_000,
      );
      const t2 = Date.now();

      dir = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "xihe-image-"));
      s = await startGhesFixScenario(dir, {
        appId,
        publicKey,
        installationToken: "ghs_imageinstallationtoken00000000",
        runToken: "ghs_imageruntoken000000000000000000",
      });
      const port = await freePort();
      const env: Record<string, string> = {
        APP_ID: String(appId),
        PRIVATE_KEY: privateKey,
        WEBHOOK_SECRET: secret,
        GHE_HOST: s.ghes.host,
        GHE_PROTOCOL: "http",
        HOST: "127.0.0.1",
        PORT: String(port),
        LOG_LEVEL: "info",
        ...scriptedModelAppEnv(s.model.baseURL),
        // The host's npm trust (a TLS-inspecting proxy's CA) for the sandboxed npm ci: under
        // /etc/ssl/certs, which every sandbox sees.
        ...(ca ? { npm_config_cafile: "/etc/ssl/certs/ca-certificates.crt" } : {}),
      };
      // --network host: the fake server and model listen on this host's 127.0.0.1 (a deployment
      // publishes the port instead: -p 3000:3000). The sandboxes inside still have no network.
      run(
        [
          "run",
          "-d",
          "--name",
          name,
          ...rlimits,
          "--network",
          "host",
          "--tmpfs",
          "/dev/shm:rw,exec,nosuid,nodev,size=2g",
          "--security-opt",
          "unmask=/proc/*",
          ...(ca ? ["-v", `${ca}:/etc/ssl/certs/ca-certificates.crt:ro`] : []),
          ...Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`]),
          image,
        ],
        60_000,
      );
      const healthy = await waitFor(async () => {
        const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
        return answer?.ok === true && ((await answer.json()) as { status?: string }).status === "ok";
        // Start-up compiles the TypeScript sources (tsx): minutes on a loaded machine.
      }, 600_000);
      expect(healthy, logs()).toBe(true);
      const t3 = Date.now();
      expect(run(["exec", name, "id", "-u"], 30_000)).toBe("10001");
      console.log(
        `app image: base ${s2(t1 - t0)}, App image build ${s2(t2 - t1)}, start to /healthz ${s2(t3 - t2)}`,
      );
    }, 5_400_000);

  it.skipIf(!podman)(
    "runs a /xihe fix in its bubblewrap sandbox and delivers it to the Enterprise Server",
    async () => {
      expect(s, "the image test above started the container").toBeDefined();
      const check = run(["exec", name, "node", "bin/xihe.js", "sandbox", "--check"], 120_000);
      // podman's default seccomp profile refuses sethostname without CAP_SYS_ADMIN: bwrap runs without
      // --hostname and says why, in the check and in the App's start-up log.
      expect(check).toMatch(/bwrap: ok \(\S+\) without its own hostname: sethostname is refused here/);
      expect(logs()).toContain("without its own hostname");
      const port = Number(run(["exec", name, "printenv", "PORT"], 30_000));
      const t3 = Date.now();

      const body = JSON.stringify(onServer(commentPayload("/xihe fix"), s!.ghes.web));
      const answer = await fetch(`http://127.0.0.1:${port}/api/github/webhooks`, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          "x-github-event": "issue_comment",
          "x-github-delivery": "image-delivery-1",
          "x-github-enterprise-host": s!.ghes.host,
          "x-hub-signature-256": await sign(secret, body),
        },
      });
      expect(answer.status).toBe(200);
      const ghes = s!.ghes;
      const done = await waitFor(
        async () => [...ghes.checkRuns.values()].some((c) => c.status === "completed"),
        900_000,
      );
      expect(done, logs("40")).toBe(true);
      // What the run said, for a failure here (the container is gone once the file ends).
      const checks = [...ghes.checkRuns.values()];
      if (checks.some((c) => c.conclusion !== "success"))
        console.log(
          JSON.stringify(checks, null, 1),
          ghes.comments.map((c) => c.body).join("\n---\n"),
          logs("120"),
        );
      expectFixDeliveredOnGhes(
        s!,
        "xihe[bot] <xihe[bot]@users.noreply.127.0.0.1>",
        "Codertocat <Codertocat@users.noreply.127.0.0.1>",
      );
      console.log(`/xihe fix in the container ${s2(Date.now() - t3)}\n${check}`);
    },
    1_200_000,
  );
});

const s2 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function waitFor(done: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}
