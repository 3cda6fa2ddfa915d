// Small Python projects whose dependency install cannot succeed offline (their requirements name
// packages of an index that does not answer): a root or src layout, `tests/` as a package or a
// plain folder, pytest config that needs plugins, or a runtime dependency the code really imports.
// The log is the real output of pytest on the host with the project importable and the plugin
// options overridden, as CI with its dependencies installed would print the failing test.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { makeScratchDir } from "../../../support/scratch-dir.ts";

export interface OfflinePythonRepo {
  dir: string;
  log: string;
  remove: () => void;
}

export interface OfflinePythonOptions {
  /** Where the package lives; `lib`: a folder no packaging config and no layout rule names. */
  layout: "root" | "src" | "lib";
  testsPackage: boolean;
  /** Extra files (config, requirements), root-relative. */
  files: Record<string, string>;
  /** `discount` imports this module (a runtime dependency the failed install would have provided). */
  importsInDiscount?: string;
  /** A second test file, tests/test_props.py, imports this module (a development tool, as hypothesis). */
  importsInPropsTest?: string;
}

const money = (extraImport: string | undefined) => `def round_cents(x):
    return round(x * 100) / 100


def add_tax(amount, rate):
    return round_cents(amount * (1 + rate))


def split_bill(total, people):
    if people <= 0:
        raise ValueError("people must be positive")
    return [round_cents(total / people)] * people


def discount(amount, percent):
${extraImport ? `    import ${extraImport}  # noqa: F401\n\n` : ""}    return round_cents(amount * (1 - percent / 100 + 0.01))
`;

const tests = `from ledger import add_tax, round_cents, split_bill
from ledger.money import discount


def test_round_cents():
    assert round_cents(1.234) == 1.23


def test_add_tax():
    assert add_tax(10, 0.2) == 12.0


def test_split_bill():
    assert split_bill(9, 3) == [3.0, 3.0, 3.0]


def test_discount():
    assert discount(100, 10) == 90.0
`;

export async function createOfflinePythonRepo(options: OfflinePythonOptions): Promise<OfflinePythonRepo> {
  const scratch = makeScratchDir("offline-python");
  const dir = join(scratch.dir, "repo");
  const pkg = options.layout === "root" ? "ledger" : `${options.layout}/ledger`;
  const files: Record<string, string> = {
    [`${pkg}/__init__.py`]: "from .money import add_tax, round_cents, split_bill\n",
    [`${pkg}/money.py`]: money(options.importsInDiscount),
    "tests/test_money.py": tests,
    ...(options.testsPackage ? { "tests/__init__.py": "" } : {}),
    ...(options.importsInPropsTest
      ? {
          "tests/test_props.py": `import ${options.importsInPropsTest}  # noqa: F401\nfrom ledger import round_cents\n\n\ndef test_round_cents_is_idempotent():\n    assert round_cents(round_cents(2.345)) == round_cents(2.345)\n`,
        }
      : {}),
    ...options.files,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], { cwd: dir });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "ledger");
  // CI's log: the project importable, its plugin options left out (no plugin here), the runtime
  // dependency a stub outside the checkout, the discount bug.
  const stubs = join(scratch.dir, "ci-site");
  mkdirSync(stubs);
  for (const module of [options.importsInDiscount, options.importsInPropsTest])
    if (module) writeFileSync(join(stubs, `${module}.py`), "");
  const ci = await execa(
    "python3",
    ["-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-o", "required_plugins=", "tests"],
    {
      cwd: dir,
      reject: false,
      env: {
        PYTHONPATH: `${options.layout === "root" ? "." : options.layout}:${stubs}`,
        PYTHONDONTWRITEBYTECODE: "1",
      },
    },
  );
  return { dir, log: `${ci.stdout}\n${ci.stderr}`, remove: scratch.remove };
}
