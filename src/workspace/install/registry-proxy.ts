// The install phase's only way out: an HTTP(S) forward proxy on a unix socket that tunnels CONNECT
// and forwards absolute-URI requests to allow-listed registry hosts only (by name and port, as the
// client asked; DNS is resolved here, on the host). Everything else gets 403 and is recorded as
// "blocked: host:port" for the run's evidence (A21, A28). The server runs in a worker thread
// (registry-proxy-worker.mjs says why); this file starts it and asks it for its evidence.
import { Worker } from "node:worker_threads";
import { z } from "zod";

export interface RegistryEndpoint {
  host: string;
  port: number;
}

export type ProxyEvidence = {
  /** Each distinct allowed endpoint with how many connections or requests went to it. */
  allowed: Array<{ endpoint: string; count: number }>;
  /** Each distinct refused endpoint, in the order first seen. */
  blocked: string[];
};

export interface RegistryProxy {
  socketPath: string;
  /** What the proxy let through and refused so far (every connection it has accepted is counted). */
  evidence(): Promise<ProxyEvidence>;
  close(): Promise<void>;
}

const evidenceSchema = z.object({
  allowed: z.array(z.object({ endpoint: z.string(), count: z.number() })),
  blocked: z.array(z.string()),
});
const workerMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("listening") }),
  z.object({ type: z.literal("error"), message: z.string() }),
  z.object({ type: z.literal("evidence"), evidence: evidenceSchema }),
  z.object({ type: z.literal("closed"), evidence: evidenceSchema }),
]);
type WorkerMessage = z.infer<typeof workerMessage>;

/** The endpoint a registry URL names: host name (lower-case, no brackets) and port (scheme default). */
export function endpointOf(url: string): RegistryEndpoint | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80;
  return { host: parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase(), port };
}

export async function startRegistryProxy(options: {
  socketPath: string;
  allowed: readonly RegistryEndpoint[];
}): Promise<RegistryProxy> {
  const worker = new Worker(new URL("./registry-proxy-worker.mjs", import.meta.url), {
    workerData: { socketPath: options.socketPath, allowed: options.allowed.map((e) => ({ ...e })) },
  });
  const next = replies(worker, options.socketPath);
  try {
    await next("listening");
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  let final: ProxyEvidence | null = null;
  return {
    socketPath: options.socketPath,
    evidence: async () => {
      if (final !== null) return final;
      worker.postMessage("evidence");
      const message = await next("evidence");
      return message.type === "evidence" ? message.evidence : { allowed: [], blocked: [] };
    },
    close: async () => {
      if (final !== null) return;
      worker.postMessage("close");
      const message = await next("closed");
      final = message.type === "closed" ? message.evidence : { allowed: [], blocked: [] };
      await worker.terminate();
    },
  };
}

/** Waits for the worker's next message of a type; one listener, so no message falls between waits. */
function replies(worker: Worker, socketPath: string) {
  const waiting: Array<{
    type: WorkerMessage["type"];
    resolve: (m: WorkerMessage) => void;
    reject: (e: Error) => void;
  }> = [];
  const failAll = (err: Error) => {
    for (const w of waiting.splice(0)) w.reject(err);
  };
  worker.on("message", (raw: unknown) => {
    const message = workerMessage.parse(raw);
    if (message.type === "error")
      return failAll(new Error(`the registry proxy could not listen on ${socketPath}: ${message.message}`));
    const index = waiting.findIndex((w) => w.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0]?.resolve(message);
  });
  worker.on("error", (err) =>
    failAll(new Error(`the registry proxy stopped: ${err.message}`, { cause: err })),
  );
  return (type: WorkerMessage["type"]) =>
    new Promise<WorkerMessage>((resolve, reject) => waiting.push({ type, resolve, reject }));
}
