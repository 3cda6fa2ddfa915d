// The Prometheus metrics of one App or worker process (prom-client), served at GET /metrics by the
// webhook server. One registry per process, built at start-up and passed to what records into it.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export interface XiheMetrics {
  registry: Registry;
  /** Runs that ended in this process, by verb and final status (succeeded, failed, ...). */
  runsEnded: Counter<"verb" | "outcome">;
  /** Wall time of each finished step, by step kind and status. */
  stepSeconds: Histogram<"kind" | "status">;
  /** Time from a webhook request's arrival to its answer, by event name and HTTP status. */
  webhookAckSeconds: Histogram<"event" | "status">;
  /** Jobs waiting in a queue, set by whoever owns the queue (the HPA scales workers on it). */
  queueDepth: Gauge<"queue">;
  /**
   * Times GitHub's rate limit parked a run or a delivery's triage until its reset, by what was
   * parked ("run" or "triage"): a few fixed values, never an installation or repository.
   */
  rateLimitParks: Counter<"kind">;
}

export function createMetrics(options: { processMetrics: boolean }): XiheMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: "xihe_" });
  return {
    registry,
    runsEnded: new Counter({
      name: "xihe_runs_ended_total",
      help: "Runs that ended, by verb and outcome",
      labelNames: ["verb", "outcome"],
      registers: [registry],
    }),
    stepSeconds: new Histogram({
      name: "xihe_step_duration_seconds",
      help: "Duration of finished run steps, by kind and status",
      labelNames: ["kind", "status"],
      buckets: [0.1, 0.5, 1, 5, 15, 60, 180, 600, 1800],
      registers: [registry],
    }),
    webhookAckSeconds: new Histogram({
      name: "xihe_webhook_ack_seconds",
      help: "Time to answer a webhook delivery, by event and HTTP status",
      labelNames: ["event", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: "xihe_queue_depth",
      help: "Jobs waiting in a queue (runs, triage), as last set by the queue's owner",
      labelNames: ["queue"],
      registers: [registry],
    }),
    rateLimitParks: new Counter({
      name: "xihe_rate_limit_parks_total",
      help: "Runs and triage jobs parked until GitHub's rate limit resets, by kind (run, triage)",
      labelNames: ["kind"],
      registers: [registry],
    }),
  };
}
