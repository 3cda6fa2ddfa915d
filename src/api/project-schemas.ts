// The bodies of POST /v1/plan and GET /v1/projects/{owner}/{repo}/context, declared once in zod like
// every other API body (api-schemas.ts): requests are parsed with them, the OpenAPI document is
// generated from them, and the ProjectPort's answers have exactly these types.
import { z } from "zod";
import { apiSchemas, repoName, runView } from "./api-schemas.ts";

/** The largest failing log a plan reads; its tail is where runners print failures. */
export const maxPlanLogChars = 1_000_000;

export const planRequest = z
  .strictObject({
    repo: repoName,
    pr: z
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .optional()
      .describe("The pull request whose head and failing checks to plan for (the App only)"),
    log: z
      .string()
      .max(maxPlanLogChars)
      .optional()
      .describe("A failing CI log to plan from; without it the App reads the PR's failing checks"),
    limit: z.number().int().min(1).max(50).default(10).describe("How many suspect locations to return"),
  })
  .register(apiSchemas, { id: "PlanRequest" });
export type PlanRequest = z.infer<typeof planRequest>;

const failureBrief = z.object({
  tool: z.string(),
  kind: z.string(),
  file: z.string().nullable(),
  line: z.number().nullable(),
  test: z.string().nullable(),
  message: z.string(),
});

const plannedCommand = z.object({
  command: z.string().describe("The command line, as configured or detected"),
  kind: z.enum(["install", "test", "lint", "build"]),
  source: z.enum(["config", "detected"]).describe("From .github/xihe.yml, or detected from the manifests"),
  network: z.enum(["none", "install"]).describe("install: only package registries, through the proxy"),
  mustPass: z.boolean().describe("The run is verified only when this command passes"),
});

const budgetView = z.object({
  maxCostUsd: z.number(),
  maxTokens: z.number(),
  maxWallSeconds: z.number(),
  maxToolCalls: z.number(),
  maxRepairRounds: z.number(),
});

const configView = z.object({
  source: z.string().describe("Where the config in force came from: a file, or the defaults"),
  values: z
    .record(z.string(), z.unknown())
    .describe("The parsed .github/xihe.yml with every default filled in"),
});

export const plan = z
  .object({
    repo: z.string(),
    headSha: z.string().describe("The commit planned for"),
    config: configView,
    perception: z
      .object({
        failureCount: z.number().int(),
        failures: z.array(failureBrief).describe("The first 50 failures, in log order"),
        classification: z.object({
          verdict: z.enum(["code", "transient", "flaky", "config"]),
          reason: z.string(),
          evidence: z.string(),
        }),
        tools: z.array(z.string()),
      })
      .nullable()
      .describe("What the failing log says; null when no log was given or read"),
    reproduction: z.object({
      sandbox: z.object({
        runner: z.string().describe("auto, bwrap, docker or local, as configured"),
        commandTimeoutSeconds: z.number(),
        memoryMb: z.number(),
        maxPids: z.number(),
      }),
      commands: z.array(plannedCommand).describe("Every command the run would run, in order"),
    }),
    localization: z.object({
      indexedFiles: z.number().int(),
      symbols: z.number().int(),
      suspects: z
        .array(
          z.object({
            file: z.string(),
            symbol: z.string(),
            startLine: z.number().int(),
            endLine: z.number().int(),
            score: z.number(),
            why: z.array(z.string()),
          }),
        )
        .describe("The static localizer's ranking (as `xihe locate`), best first"),
    }),
    budget: budgetView,
    model: z.object({
      configured: z.boolean().describe("A model is configured on this server"),
      used: z.boolean().describe("The run would call it (fix.deterministic_only off)"),
    }),
    notes: z.array(z.string()).describe("What the plan could not see, and why"),
  })
  .register(apiSchemas, { id: "Plan" });
export type Plan = z.infer<typeof plan>;

export const projectContext = z
  .object({
    repo: z.string(),
    headSha: z.string(),
    config: configView,
    index: z.object({
      files: z.number().int(),
      testFiles: z.number().int(),
      symbols: z.number().int(),
      lines: z.number().int(),
      languages: z.record(z.string(), z.number().int()).describe("Indexed files per language"),
      skipped: z.record(z.string(), z.number().int()).describe("Files left out, per reason"),
    }),
    commands: z.object({
      detected: z
        .record(z.string(), z.array(z.string()))
        .describe("From package.json, pyproject.toml, Makefile"),
      inForce: z
        .object({
          install: z.array(z.string()),
          test: z.array(z.string()),
          lint: z.array(z.string()),
          build: z.array(z.string()),
        })
        .describe("What a run would use: config first, else detected"),
    }),
    recentRuns: z
      .array(runView.omit({ steps: true }))
      .describe("The newest runs on this repository, newest first"),
  })
  .register(apiSchemas, { id: "ProjectContext" });
export type ProjectContext = z.infer<typeof projectContext>;
