// An interrupted bench resumes without redoing finished tasks: bin/xihe.js is killed (SIGKILL) once
// the first task's record is written, and the next run starts from the tasks without one.
import { afterEach, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { main } from "../../src/cli.ts";
import type { CliIo } from "../../src/cli/cli-io.ts";
import { openSqliteStore } from "../../src/store/sqlite-store.ts";
import { makeTestPack, type TestPack } from "./bench-pack-fixture.ts";
import { scratchDir } from "../support/scratch-dir.ts";

const bin = resolve(import.meta.dirname, "../../bin/xihe.js");
let pack: TestPack | null = null;
let out: string;
afterEach(() => {
  pack?.cleanup();
  pack = null;
  rmSync(out, { recursive: true, force: true });
});

const subtracts = { "src/sum.js": "export function sum(a, b) {\n  return a - b;\n}\n" };
// The second task is slow on purpose, so the bench is surely killed while it runs.
const slowFailing = `node -e "setTimeout(() => process.exit(1), 8000)"`;

function resultLines(): string[] {
  const file = join(out, "results.jsonl");
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
}

async function killAfterFirstRecord(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: "ignore" });
  const exited = new Promise<void>((done) => child.on("exit", () => done()));
  while (resultLines().length === 0 && child.exitCode === null) await new Promise((r) => setTimeout(r, 200));
  child.kill("SIGKILL");
  await exited;
}

describe("xihe bench resume", () => {
  it("keeps the finished task of a killed bench and runs only the rest", async () => {
    out = scratchDir("xihe-bench-resume-");
    pack = await makeTestPack([
      { id: "first", broken: subtracts, failing: ["node --test"] },
      { id: "second", broken: subtracts, failing: [slowFailing] },
    ]);
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent", XIHE_WORK_DIR: join(out, "work") };
    const args = ["bench", "--tasks", join(pack.dir, "tasks.jsonl"), "--no-llm", "--out", out];
    await killAfterFirstRecord(args, env);
    const [firstLine, ...rest] = resultLines();
    expect(rest).toEqual([]);
    expect(JSON.parse(firstLine!)).toMatchObject({ taskId: "first", model: "none", outcome: "not_solved" });

    const stderr: string[] = [];
    const io: CliIo = {
      stdout: () => {},
      stderr: (t) => stderr.push(t),
      readStdin: async () => "",
      env,
      cwd: out,
      isTTY: false,
    };
    expect(await main(args, io)).toBe(0);
    expect(stderr.join("")).toContain("2 task(s), 1 already finished");
    const lines = resultLines();
    expect(lines[0]).toBe(firstLine);
    expect(lines.map((l) => (JSON.parse(l) as { taskId: string }).taskId)).toEqual(["first", "second"]);
    // The store holds one fix run of the first task: the resumed bench did not start another.
    const store = openSqliteStore(join(out, "xihe.db"));
    const runs = await store.listRuns({ limit: 100 });
    await store.close();
    const taskOf = (context: unknown) => (context as { benchTask?: string }).benchTask;
    expect(runs.filter((r) => taskOf(r.context) === "first")).toHaveLength(1);
    expect(runs.filter((r) => taskOf(r.context) === "second").length).toBeGreaterThanOrEqual(1);
  }, 600_000);
});
