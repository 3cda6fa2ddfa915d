import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { readV8Coverage } from "../../../../src/understanding/localize/dynamic/v8-coverage-lines.ts";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

const lib = `export function pick(n) {
  if (n > 0) {
    return "positive";
  }
  return "other";
}
`;

let scratch: ReturnType<typeof makeScratchDir>;
afterEach(() => scratch.remove());

async function covered(extraFiles: Record<string, string> = {}) {
  scratch = makeScratchDir("v8cov");
  const root = join(scratch.dir, "repo");
  const out = join(scratch.dir, "cov");
  mkdirSync(join(root, "src"), { recursive: true });
  writeFileSync(join(root, "package.json"), `{ "type": "module" }\n`);
  writeFileSync(join(root, "src", "pick.js"), lib);
  writeFileSync(join(root, "run.js"), `import { pick } from "./src/pick.js";\npick(-1);\n`);
  await execa(process.execPath, ["run.js"], { cwd: root, env: { NODE_V8_COVERAGE: out } });
  for (const [name, text] of Object.entries(extraFiles)) writeFileSync(join(out, name), text);
  return readV8Coverage(out, root, {
    readSource: (file) => readFileSync(join(root, file), "utf8"),
    symbolsOf: () => [],
  });
}

describe("executed lines from Node's V8 coverage", () => {
  it("marks the lines a run reached and not the branch it skipped", async () => {
    const coverage = await covered();
    const lines = [...(coverage.get("src/pick.js")?.lines ?? [])].sort((a, b) => a - b);
    expect(lines).toEqual(expect.arrayContaining([2, 5]));
    expect(lines).not.toContain(3);
    expect(coverage.get("src/pick.js")?.functionNames.has("pick")).toBe(true);
  });

  it("skips coverage files that are not V8's JSON (written by the code under test) without failing", async () => {
    const coverage = await covered({
      "coverage-1-1-0.json": "{ not json",
      "coverage-2-2-0.json": JSON.stringify({ result: [{ url: 42 }] }),
      "coverage-3-3-0.json": "",
    });
    expect([...coverage.keys()].sort()).toEqual(["run.js", "src/pick.js"]);
  });
});
