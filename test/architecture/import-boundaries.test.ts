import { resolve } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { boundaryBlocks } from "../../eslint.config.js";

// The boundary rule in eslint.config.js, run through ESLint's Node API on synthetic files placed at
// real paths, so the test proves the rule fires (and the allow-list lifts only what it names).
const root = resolve(import.meta.dirname, "../..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function boundaryErrors(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: resolve(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const use = (name: string) => `\nexport const used = ${name};\n`;

describe("import-boundary lint rule", () => {
  it("rejects the core importing the GitHub adapter", async () => {
    const errors = await boundaryErrors(
      "src/understanding/localize/synthetic-wrong-import.ts",
      `import { splitRepo } from "../../github/github-client.ts";${use("splitRepo")}`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("the GitHub adapter is used by verbs and entry points only");
  });

  it("rejects the core importing probot", async () => {
    const errors = await boundaryErrors(
      "src/perception/synthetic.ts",
      `import { Probot } from "probot";${use("Probot")}`,
    );
    expect(errors).toHaveLength(1);
  });

  it("rejects the core importing the run lifecycle, a verb or an entry point", async () => {
    const text = [
      `import { runStep } from "../../runs/run-step.ts";`,
      `import { fixInWorkspace } from "../../verbs/fix/fix-in-workspace.ts";`,
      `import { modelFromEnv } from "../../model-from-env.ts";`,
      `import { main } from "../../cli.ts";`,
      use("[runStep, fixInWorkspace, modelFromEnv, main]"),
    ].join("\n");
    expect(await boundaryErrors("src/agent/loop/synthetic.ts", text)).toHaveLength(4);
  });

  it("rejects an adapter importing the core or a verb", async () => {
    const text = [
      `import { localize } from "../../understanding/localize/localize.ts";`,
      `import { deliverFix } from "../../verbs/fix/deliver-fix.ts";`,
      use("[localize, deliverFix]"),
    ].join("\n");
    expect(await boundaryErrors("src/workspace/sandbox/synthetic.ts", text)).toHaveLength(2);
  });

  it("rejects a verb importing the CLI", async () => {
    const errors = await boundaryErrors(
      "src/verbs/ask/synthetic.ts",
      `import { processIo } from "../../cli/cli-io.ts";${use("processIo")}`,
    );
    expect(errors).toEqual([expect.stringContaining("only entry points")]);
  });

  it("lets a verb import the core and the GitHub adapter", async () => {
    const text = [
      `import { splitRepo } from "../../github/github-client.ts";`,
      `import { localize } from "../../understanding/localize/localize.ts";`,
      use("[splitRepo, localize]"),
    ].join("\n");
    expect(await boundaryErrors("src/verbs/fix/synthetic.ts", text)).toEqual([]);
  });

  it("lifts only the named rule for an allow-listed file", async () => {
    // The project's allow-list is empty today; the mechanism is checked with an entry of its own.
    const withException = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } },
        ...boundaryBlocks([{ file: "src/delivery/run-commit-message.ts", rule: "core" }]),
      ],
    });
    const text = [
      `import { traceEntry } from "../agent/loop/reasoning-trace.ts";`,
      `import { deliverFix } from "../verbs/fix/deliver-fix.ts";`,
      use("[traceEntry, deliverFix]"),
    ].join("\n");
    const [result] = await withException.lintText(text, {
      filePath: resolve(root, "src/delivery/run-commit-message.ts"),
    });
    const errors = (result?.messages ?? []).map((m) => m.message);
    expect(errors).toEqual([expect.stringContaining("verbs/ sit above this layer")]);
    // Without the entry the same file gets both errors.
    expect(await boundaryErrors("src/delivery/run-commit-message.ts", text)).toHaveLength(2);
  });

  it("keeps the fix loop off the run lifecycle: it is given a `step` function", async () => {
    const errors = await boundaryErrors(
      "src/agent/loop/fix-loop.ts",
      `import { runStep } from "../../runs/run-step.ts";${use("runStep")}`,
    );
    expect(errors).toEqual([expect.stringContaining("take a `step` function")]);
  });
});
