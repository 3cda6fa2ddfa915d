// A `xihe worker` process's own HTTP port (XIHE_METRICS_PORT): GET /metrics (its registry: runs
// ended, step durations, rate-limit parks, the process's own) and GET /healthz. Runs and triage
// happen in the workers when there is a shared queue, so their figures are only scraped here; the
// App serves the same two paths on its webhook server.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { XiheMetrics } from "./metrics.ts";

export interface MetricsServer {
  /** The bound port (port 0 asks the system for a free one). */
  port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(o: {
  metrics: Pick<XiheMetrics, "registry">;
  port: number;
  host: string;
}): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method === "GET" && path === "/metrics") {
      o.metrics.registry.metrics().then(
        (body) => {
          res.writeHead(200, { "content-type": o.metrics.registry.contentType });
          res.end(body);
        },
        () => {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: "metrics_failed" }));
        },
      );
      return;
    }
    const found = req.method === "GET" && path === "/healthz";
    res.writeHead(found ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(found ? { status: "ok" } : { error: "not_found" }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
