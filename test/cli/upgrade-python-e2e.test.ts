// `xihe upgrade` through bin/ on a pytest project whose dependency comes from a local package index
// on 127.0.0.1 speaking the simple repository API (PEP 691 JSON / PEP 503 HTML, yanked files marked
// per PEP 592), with real pip in bubblewrap through the registry proxy: a minor update that passes,
// a yanked one never chosen, an unpinned requirement left alone, and a major that renames a function,
// turns the tests red and is migrated by a scripted model in a commit of its own after the bump.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeScratchDir } from "../support/scratch-dir.ts";
import {
  buildWheel,
  pytestDists,
  startPytestProjectIndex,
  type FakePythonIndex,
} from "../workspace/support/fake-python-index.ts";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../agent/support/scripted-model-server.ts";
import { hostPythonImports } from "../support/host-python.ts";

// nothing to serve pytest from on this machine without them
const hostHasPytest = () => hostPythonImports(...pytestDists);

let index: FakePythonIndex;
let scratch: ReturnType<typeof makeScratchDir>;

beforeAll(async () => {
  if (!hostHasPytest()) return;
  scratch = makeScratchDir("upgrade-python");
  const wheels = join(scratch.dir, "wheels");
  mkdirSync(wheels);
  const tinydep = (version: string, source: string) =>
    buildWheel(wheels, "tinydep", version, { "tinydep/__init__.py": source });
  const yanked = await tinydep("1.2.0", "def double(x):\n    raise RuntimeError('broken')\n");
  index = await startPytestProjectIndex(wheels, {
    wheels: [
      await tinydep("1.1.0", "def double(x):\n    return x + x\n"),
      yanked,
      await tinydep("2.0.0", "def twice(x):\n    return 2 * x\n"),
    ],
    yanked: [yanked],
  });
}, 120_000);
afterAll(async () => {
  await index?.close();
  scratch?.remove();
});

async function userCheckout(): Promise<string> {
  const root = join(scratch.dir, "project");
  mkdirSync(join(root, "tests"), { recursive: true });
  mkdirSync(join(root, ".github"));
  writeFileSync(join(root, ".github", "xihe.yml"), 'commands:\n  test: [".venv/bin/python -m pytest"]\n');
  writeFileSync(join(root, "requirements.txt"), "pytest\ntinydep==1.0.0  # the doubling helper\n");
  writeFileSync(
    join(root, "pyproject.toml"),
    '[tool.pytest.ini_options]\ntestpaths = ["tests"]\npythonpath = ["."]\n',
  );
  writeFileSync(
    join(root, "calc.py"),
    "from tinydep import double\n\n\ndef quadruple(x):\n    return 2 * double(x)\n",
  );
  writeFileSync(
    join(root, "tests", "test_calc.py"),
    "from calc import quadruple\n\n\ndef test_quadruple():\n    assert quadruple(3) == 12\n",
  );
  writeFileSync(join(root, ".gitignore"), ".venv\n__pycache__\n.pytest_cache\n");
  const git = (...args: string[]) => execa("git", args, { cwd: root });
  await git("init", "-q", "-b", "main");
  await git("add", "-A");
  await git("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", "init");
  return root;
}

function xihe(args: string[], env: Record<string, string> = {}) {
  return execa(process.execPath, ["bin/xihe.js", "upgrade", ...args], {
    reject: false,
    env: {
      XIHE_STORE: join(scratch.dir, "xihe.db"),
      XIHE_WORK_DIR: join(scratch.dir, "work"),
      // The App's own pip configuration: the only place the index comes from.
      PIP_INDEX_URL: index.url,
      PIP_CONFIG_FILE: "/dev/null",
      ...env,
    },
  });
}

// The model's recorded turn: rename the import and the call, finish.
function migrationTurns() {
  const call = (name: string, args: Record<string, unknown>, i: number) => ({
    id: `c1_${i}`,
    type: "function",
    function: { name, arguments: JSON.stringify(args) },
  });
  return [
    {
      body: {
        id: "c1",
        object: "chat.completion",
        created: 1764676801,
        model: "m",
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: null,
              tool_calls: [
                call(
                  "edit_file",
                  {
                    path: "calc.py",
                    old: "from tinydep import double\n\n\ndef quadruple(x):\n    return 2 * double(x)",
                    new: "from tinydep import twice\n\n\ndef quadruple(x):\n    return 2 * twice(x)",
                  },
                  0,
                ),
                call("finish", { summary: "tinydep 2 renamed double to twice", confidence: 0.9 }, 1),
              ],
            },
            finish_reason: "tool_calls",
          },
        ],
        usage: { prompt_tokens: 900, completion_tokens: 60, total_tokens: 960 },
      },
    },
  ];
}

describe("xihe upgrade against a local PEP 503/691 index", () => {
  let model: ScriptedModelServer | undefined;
  afterAll(async () => model?.close());

  it.skipIf(!hostHasPytest())(
    "pins the newest minor, skips the yanked release, migrates the renaming major in its own commit",
    async () => {
      const root = await userCheckout();
      const dry = await xihe(["--repo", root, "--dry-run", "--major", "--json"]);
      expect(dry.stderr).toBe("");
      expect(dry.exitCode).toBe(0);
      const report = JSON.parse(dry.stdout) as {
        manager: string;
        plan: {
          groups: Array<{ id: string; updates: Array<{ name: string; to: string; range: { to: string } }> }>;
          skipped: Array<{ name: string; reason: string }>;
        };
      };
      expect(report.manager).toBe("pip");
      expect(report.plan.groups.map((g) => [g.id, g.updates.map((u) => u.range.to)])).toEqual([
        ["minor-patch", ["==1.1.0"]],
        ["tinydep-2", ["==2.0.0"]],
      ]);
      expect(report.plan.skipped).toEqual([
        { name: "pytest", reason: expect.stringContaining("no version specifier") as string },
      ]);
      expect(index.requests).toContain("GET /simple/tinydep/");

      model = await startScriptedModelServer(migrationTurns());
      const run = await xihe(["--repo", root, "--major"], {
        XIHE_MODEL_BASE_URL: model.baseURL,
        XIHE_MODEL: "m",
        XIHE_MODEL_API_KEY: "test-key",
      });
      console.log(run.stdout, run.stderr);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toMatch(/^xihe\/deps\/minor-patch: VERIFIED/m);
      expect(run.stdout).toMatch(/^xihe\/deps\/tinydep-2: MIGRATED/m);
      // pip ran in the sandbox through the proxy and fetched the chosen wheels from the index.
      expect(run.stdout).toMatch(
        /\$ \.venv\/bin\/python (?:-I -m pip|\/\S+\/pip\/__pip-runner__\.py) install .* -r requirements\.txt {2}→ exit 0/,
      );
      expect(index.requests).toContain("GET /files/tinydep-2.0.0-py3-none-any.whl");
      expect(index.requests).not.toContain("GET /files/tinydep-1.2.0-py3-none-any.whl");

      const git = async (...args: string[]) => (await execa("git", args, { cwd: root })).stdout;
      expect(await git("rev-parse", "--abbrev-ref", "HEAD")).toBe("main");
      expect(await git("status", "--porcelain")).toBe("");
      expect(await git("show", "xihe/deps/minor-patch:requirements.txt")).toBe(
        "pytest\ntinydep==1.1.0  # the doubling helper",
      );
      const log = (await git("log", "--format=%s", "main..xihe/deps/tinydep-2")).split("\n");
      expect(log).toHaveLength(2);
      expect(log[1]).toBe("Bump tinydep from 1.0.0 to 2.0.0");
      expect(await git("show", "--name-only", "--format=", "xihe/deps/tinydep-2~1")).toBe("requirements.txt");
      expect(await git("show", "--name-only", "--format=", "xihe/deps/tinydep-2")).toBe("calc.py");
      expect(await git("show", "xihe/deps/tinydep-2:calc.py")).toContain("return 2 * twice(x)");
    },
    600_000,
  );
});
