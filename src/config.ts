// The schemas of `.github/xihe.yml` (per repository, read from the default branch only) and of the
// environment (per installation, parsed once at start-up). Strict: an unknown key is an error.
import { z } from "zod";
import { loadYaml } from "./load-yaml.ts";
import { ConfigError } from "./errors.ts";

const commandList = z
  .array(z.string().min(1))
  .describe("Shell-free command lines, split into argv with shell-word rules; no pipes or redirects");

/** What a run alerts people about (issue 17); channels are defined by the App's operator. */
export const alertKinds = ["run_gave_up", "fix_ready", "needs_person", "workflow_failed"] as const;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a 24-hour "HH:MM" time');
const timezone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, "an IANA time zone such as Asia/Shanghai or UTC");

const notifySchema = z.strictObject({
  language: z.enum(["en", "zh"]).default("en"),
  channels: z
    .array(
      z.strictObject({
        name: z
          .string()
          .regex(/^[a-z0-9_]{1,32}$/i, "letters, digits and _ (the App's XIHE_NOTIFY_<NAME> setting)"),
        events: z
          .array(z.enum(alertKinds))
          .min(1)
          .default([...alertKinds]),
      }),
    )
    .max(10)
    .default([])
    .describe("Channels by name; each is defined in the App's environment as XIHE_NOTIFY_<NAME>"),
  aggregate_seconds: z.number().int().min(0).max(3600).default(60),
  dedupe_minutes: z.number().int().min(0).max(1440).default(5),
  digest_after: z.number().int().min(1).max(100).default(3),
  digest_minutes: z.number().int().min(1).max(1440).default(10),
  quiet_hours: z.strictObject({ from: clock, to: clock, timezone: timezone.default("UTC") }).optional(),
});

const workflowName = z.string().min(1).max(200);
const dolphinSchedulerSchema = z.strictObject({
  project: z.string().min(1).describe("The DolphinScheduler project the workflows live in"),
  green_list: z
    .array(workflowName)
    .default([])
    .describe("Workflows known to be idempotent: only these are retried after a transient failure"),
  max_attempts: z.number().int().min(1).max(5).default(3),
  timeout_minutes: z
    .number()
    .min(1)
    .max(24 * 60)
    .default(60),
  poll_seconds: z.number().int().min(1).max(600).default(10),
});
const verifyWorkflowSchema = z.strictObject({
  name: workflowName,
  params: z
    .record(
      z.string().regex(/^[A-Za-z_][\w.-]{0,63}$/, "parameter names are letters, digits, _ . -"),
      z.string(),
    )
    .default({}),
});
export const repoConfigSchema = z
  .object({
    on_failure: z.enum(["off", "diagnose", "fix", "suggest"]).default("off"),
    allow_readonly_from: z.enum(["write", "anyone"]).default("write"),
    commands: z
      .strictObject({
        install: commandList.optional(),
        test: commandList.optional(),
        lint: commandList.optional(),
        build: commandList.optional(),
      })
      .default({}),
    fix: z
      .strictObject({
        deterministic_only: z.boolean().default(false),
        auto_apply_low_risk: z.boolean().default(false),
        allow_fork_push: z.boolean().default(false),
        max_attempts_per_sha: z.number().int().min(1).max(10).default(3),
        instructions: z.string().max(4000).default(""),
      })
      .default({
        deterministic_only: false,
        auto_apply_low_risk: false,
        allow_fork_push: false,
        max_attempts_per_sha: 3,
        instructions: "",
      }),
    budget: z
      .strictObject({
        max_cost_usd: z.number().min(0).default(0.5),
        max_tokens: z.number().int().min(1000).default(300_000),
        max_wall_minutes: z.number().min(1).max(180).default(20),
        max_tool_calls: z.number().int().min(1).max(500).default(80),
        max_repair_rounds: z.number().int().min(0).max(3).default(3),
      })
      .default({
        max_cost_usd: 0.5,
        max_tokens: 300_000,
        max_wall_minutes: 20,
        max_tool_calls: 80,
        max_repair_rounds: 3,
      }),
    sandbox: z
      .strictObject({
        runner: z.enum(["auto", "bwrap", "docker", "local"]).default("auto"),
        command_timeout_seconds: z.number().int().min(5).max(3600).default(600),
        memory_mb: z.number().int().min(128).max(16384).default(2048),
        max_pids: z.number().int().min(16).max(4096).default(512),
        allow_install_scripts: z.boolean().default(false),
        registries: z
          .array(z.url({ protocol: /^https?$/ }))
          .default([])
          .describe("Extra registry URLs the install phase may reach through the proxy"),
        toolchains: z
          .array(z.string().startsWith("/", "must be an absolute path"))
          .default([])
          .describe("Host toolchain directories bound read-only into the sandbox (their bin/ first on PATH)"),
      })
      .default({
        runner: "auto",
        command_timeout_seconds: 600,
        memory_mb: 2048,
        max_pids: 512,
        allow_install_scripts: false,
        registries: [],
        toolchains: [],
      }),
    understanding: z
      .strictObject({
        aliases: z.record(z.string(), z.string()).default({}),
        call_depth: z.number().int().min(0).max(3).default(1),
        ignore: z.array(z.string()).default([]),
      })
      .default({ aliases: {}, call_depth: 1, ignore: [] }),
    deps: z
      .strictObject({
        schedule: z.enum(["off", "daily", "weekly"]).default("off"),
        managers: z.array(z.enum(["npm", "pip"])).default(["npm", "pip"]),
        ignore: z.array(z.string()).default([]),
        // Group name -> package-name patterns (`@babel/*`): their minor/patch updates share one branch.
        groups: z
          .record(
            z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "group names are lowercase letters, digits and -"),
            z.array(z.string()).min(1),
          )
          .default({}),
        max_open_prs: z.number().int().min(1).max(50).default(5),
        // The App: a group whose tests break and cannot be migrated opens as a draft PR, or none.
        open_failing: z.enum(["draft", "skip"]).default("draft"),
        // The App's schedule runs at local midnight of this zone (plus a per-installation jitter).
        timezone: timezone.default("UTC"),
        // A red CI on a Dependabot/Renovate PR (a branch of this repository) starts a fix run.
        fix_bot_prs: z.boolean().default(false),
      })
      .default({
        schedule: "off",
        managers: ["npm", "pip"],
        ignore: [],
        groups: {},
        max_open_prs: 5,
        open_failing: "draft",
        timezone: "UTC",
        fix_bot_prs: false,
      }),
    notify: notifySchema.default({
      language: "en",
      channels: [],
      aggregate_seconds: 60,
      dedupe_minutes: 5,
      digest_after: 3,
      digest_minutes: 10,
    }),
    // Issue 17: the DolphinScheduler server and its token are the App's (XIHE_DOLPHINSCHEDULER_URL,
    // _TOKEN); a repository only names its project and its green list.
    integrations: z.strictObject({ dolphinscheduler: dolphinSchedulerSchema.optional() }).default({}),
    // Issue 17: workflows of that project a fix or upgrade run starts after its own checks pass.
    verify: z
      .strictObject({ workflows: z.array(verifyWorkflowSchema).max(10).default([]) })
      .default({ workflows: [] }),
  })
  .strict()
  .refine((c) => c.verify.workflows.length === 0 || c.integrations.dolphinscheduler !== undefined, {
    path: ["verify", "workflows"],
    message: "names DolphinScheduler workflows: add integrations.dolphinscheduler (its project) too",
  });

export type RepoConfig = z.infer<typeof repoConfigSchema>;

export const defaultRepoConfig: RepoConfig = repoConfigSchema.parse({});

/** Parses the text of `.github/xihe.yml`; an empty or missing file means all defaults. */
export function parseRepoConfig(text: string | null): RepoConfig {
  if (text === null || text.trim() === "") return defaultRepoConfig;
  const { parse: parseYaml, YAMLParseError } = loadYaml();
  let raw: unknown;
  try {
    raw = parseYaml(text, { maxAliasCount: 50 });
  } catch (err) {
    const where = err instanceof YAMLParseError && err.linePos ? ` at line ${err.linePos[0].line}` : "";
    throw new ConfigError(
      `.github/xihe.yml is not valid YAML${where}`,
      [{ path: "(file)", message: String(err) }],
      {
        cause: err,
      },
    );
  }
  if (raw === null || raw === undefined) return defaultRepoConfig;
  const parsed = repoConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: describeIssuePath(issue),
    message: issue.message,
  }));
  throw new ConfigError(`.github/xihe.yml has ${issues.length} invalid key(s)`, issues);
}

function describeIssuePath(issue: z.core.$ZodIssue): string {
  const base = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.join(", ");
    return base ? `${base}.${keys}` : keys;
  }
  return base || "(root)";
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v));

export const envSchema = z.object({
  APP_ID: optionalString,
  PRIVATE_KEY: optionalString,
  PRIVATE_KEY_PATH: optionalString,
  WEBHOOK_SECRET: optionalString,
  XIHE_STORE: z.string().default(".xihe/xihe.db").describe("SQLite file path, or a postgres:// URL"),
  XIHE_STORE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(10)
    .describe("PostgreSQL connections per process"),
  XIHE_WORK_DIR: z.string().default(".xihe/work").describe("Mirrors and ephemeral workspaces"),
  XIHE_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  // Issue 15: a shared queue (BullMQ on Redis) between App processes and `xihe worker` processes.
  XIHE_QUEUE: optionalString
    .refine((v) => v === undefined || /^rediss?:\/\//i.test(v), "a redis:// or rediss:// URL")
    .describe("redis://host:port: the App only records and enqueues; `xihe worker` processes run the jobs"),
  XIHE_INSTALLATION_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(0)
    .describe("Most runs of one installation at once over all workers (XIHE_QUEUE); 0: no cap"),
  XIHE_METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .optional()
    .describe("`xihe worker`: serve GET /metrics and /healthz on this port (on HOST); unset: none"),
  XIHE_QUEUE_LEASE_SECONDS: z.coerce
    .number()
    .min(1)
    .max(600)
    .default(30)
    .describe("A worker's hold on a job: a dead worker's runs move to another after about twice this"),
  XIHE_SHUTDOWN_DEADLINE_SECONDS: z.coerce
    .number()
    .min(0)
    .max(3600)
    .default(60)
    .describe("On SIGTERM, how long running steps may finish before the worker hands its runs back"),
  XIHE_BOT_LOGIN: z.string().default("xihe[bot]"),
  XIHE_SANDBOX: z.enum(["auto", "bwrap", "docker", "local"]).default("auto"),
  XIHE_DOCKER_IMAGE: optionalString,
  XIHE_MODEL_BASE_URL: optionalString,
  XIHE_MODEL_API_KEY: optionalString,
  XIHE_MODEL: optionalString,
  XIHE_MODEL_PERCEPTION: optionalString,
  XIHE_MODEL_PLANNING: optionalString,
  XIHE_MODEL_EXECUTION: optionalString,
  XIHE_MODEL_PRICES: optionalString.describe('JSON: {"model": {"input": usdPerMTok, "output": usdPerMTok}}'),
  XIHE_MODEL_TOOL_MODE: z
    .enum(["native", "text"])
    .default("native")
    .describe("native tool calling, or JSON-in-text for endpoints without it"),
  XIHE_MODEL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(120),
  // No default here: the App logs milestones (`info`), the CLI only what went wrong (`warn`).
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).optional(),
  GHE_HOST: optionalString
    .refine((v) => v === undefined || /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?$/.test(v), {
      message:
        "must be the host name of your GitHub Enterprise Server (e.g. github.example.com, or host:port), without https:// or a path",
    })
    .refine((v) => v !== "github.com" && v !== "api.github.com", {
      message: "names github.com: unset GHE_HOST to use github.com",
    })
    .describe("GitHub Enterprise Server host; unset for github.com"),
  GHE_PROTOCOL: z
    .preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.enum(["https", "http"]).default("https"),
    )
    .describe(
      "http only for a GitHub Enterprise Server on this machine (the token would cross the network in clear)",
    ),
  GITHUB_TOKEN: optionalString.describe(
    "`xihe fix --pr` and the Action: the one token runs use instead of an App",
  ),
  GITHUB_ACTOR: optionalString.describe("who asked for a `--pr` run (set by Actions)"),
  XIHE_DOLPHINSCHEDULER_URL: optionalString
    .refine((v) => v === undefined || /^https?:\/\/[^/]/.test(v), {
      message: "must be the API's http(s) base URL, e.g. https://ds.example:12345/dolphinscheduler",
    })
    .describe("DolphinScheduler API base URL (issue 17)"),
  XIHE_DOLPHINSCHEDULER_TOKEN: optionalString.describe("A DolphinScheduler access token (Security → Token)"),
  XIHE_ARCHIVE: z
    .string()
    .default(".xihe/archive")
    .refine((v) => !v.startsWith("s3:") || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(v), {
      message: "an s3 archive is s3://bucket/prefix, the bucket name in lower case",
    })
    .describe("Where finished runs are archived (gzip JSONL): a directory, or s3://bucket/prefix"),
  XIHE_ARCHIVE_S3_ENDPOINT: optionalString
    .refine((v) => v === undefined || /^https?:\/\/[^/]/.test(v), {
      message: "must be the service's http(s) URL, e.g. https://oss-cn-hangzhou.aliyuncs.com",
    })
    .describe("S3-compatible endpoint of an s3:// archive (MinIO, OSS, COS); absent: AWS S3"),
  XIHE_ARCHIVE_S3_REGION: z.string().default("us-east-1").describe("Region of an s3:// archive"),
  XIHE_ARCHIVE_S3_PATH_STYLE: z
    .enum(["true", "false"], { message: "must be true or false" })
    .default("false")
    .transform((v) => v === "true")
    .describe("true: path-style requests (http://endpoint/bucket/key), as MinIO needs"),
  XIHE_API_RATE_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(120)
    .describe("Requests a minute each HTTP API token may make"),
  XIHE_PUBLIC_URL: optionalString
    .refine((v) => v === undefined || /^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(v), {
      message: "must be the server's public http(s) base URL, e.g. https://xihe.example.com",
    })
    .describe("Public base URL of this server; PR comments then link each run's trace page"),
  XIHE_TRACE_SECRET: optionalString
    .refine((v) => v === undefined || v.length >= 32, { message: "must be at least 32 characters" })
    .describe("HMAC key of the signed, expiring trace page links (openssl rand -hex 32)"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe("The App's webhook server port"),
  HOST: z.string().default("0.0.0.0").describe("The address the App's webhook server listens on"),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment once; every problem is listed in one error. */
export function loadEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(env);
  const issues = parsed.success
    ? plainHttpIssues(parsed.data)
    : parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  if (parsed.success && issues.length === 0) return parsed.data;
  throw new ConfigError(
    `invalid environment: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
    issues,
  );
}

// Run tokens travel in git's and Octokit's headers: plain http is accepted only when they never
// leave this machine (a GitHub Enterprise Server on loopback, e.g. behind a local TLS proxy).
function plainHttpIssues(env: Env): { path: string; message: string }[] {
  if (env.GHE_PROTOCOL !== "http") return [];
  const host = env.GHE_HOST?.replace(/:\d+$/, "");
  if (host === "127.0.0.1" || host === "localhost") return [];
  return [
    {
      path: "GHE_PROTOCOL",
      message: `http sends tokens in clear text; it is allowed only for GHE_HOST 127.0.0.1 or localhost (got ${env.GHE_HOST ?? "no GHE_HOST"}). Use https`,
    },
  ];
}

/** The App needs these; the CLI does not. */
export function requireAppEnv(env: Env): { appId: string; privateKey: string | undefined; secret: string } {
  const issues: { path: string; message: string }[] = [];
  if (!env.APP_ID)
    issues.push({ path: "APP_ID", message: "required: the GitHub App id from its settings page" });
  if (!env.PRIVATE_KEY && !env.PRIVATE_KEY_PATH)
    issues.push({
      path: "PRIVATE_KEY",
      message: "required: PRIVATE_KEY (PEM text) or PRIVATE_KEY_PATH (file)",
    });
  if (!env.WEBHOOK_SECRET)
    issues.push({
      path: "WEBHOOK_SECRET",
      message: "required: the webhook secret set when registering the App",
    });
  if (issues.length > 0)
    throw new ConfigError(
      `invalid environment: ${issues.map((i) => `${i.path} ${i.message}`).join("; ")}`,
      issues,
    );
  return { appId: env.APP_ID!, privateKey: env.PRIVATE_KEY, secret: env.WEBHOOK_SECRET! };
}
