// The filtered test command with a hook that records each test's coverage and outcome, where the
// runner lets one in without replacing the project's own settings: mocha root hooks and the
// node:test preload by `--require`, jest and vitest by a config of ours that loads theirs and
// appends a setup file. Runners without such a hook (tap, tape, ava, uvu) and configs ours cannot
// load (jest's TypeScript configs, a JSON string after --config) run unchanged: one execution.
import { existsSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { CoverageFolder } from "./coverage-folder.ts";
import { jestConfigSource, type JestBaseConfig } from "./jest-test-hooks.ts";
import type { TestRunnerKind } from "./test-runner-kind.ts";
import { vitestConfigSource } from "./vitest-test-hooks.ts";

const configExtensions = ["ts", "mts", "cts", "js", "mjs", "cjs"];
const jestLoadable = /\.(?:c|m)?js$|\.json$/;

/** The argv to run, and whether a hook is in it (then the hook records each test it saw run). */
export interface PerTestArgv {
  argv: string[];
  hooked: boolean;
}

/** `root`: the checkout, where the command runs. */
export function perTestArgv(
  runner: TestRunnerKind,
  argv: readonly string[],
  folder: CoverageFolder,
  root: string,
): PerTestArgv {
  switch (runner) {
    case "mocha":
      return { argv: [...argv, "--require", folder.mochaHooks], hooked: true };
    case "node_test":
      // `node --require HOOK --test ...`: node passes --require on to each test file's process.
      return { argv: [argv[0]!, "--require", folder.nodeTestHooks, ...argv.slice(1)], hooked: true };
    case "vitest":
      return withConfig(argv, vitestConfig(argv, folder, root));
    case "jest":
      return withConfig(argv, jestConfig(argv, folder, root));
    default:
      return { argv: [...argv], hooked: false };
  }
}

function vitestConfig(argv: readonly string[], folder: CoverageFolder, root: string): string | null {
  const given = configOperand(argv);
  if (given === "") return null;
  const base =
    given ??
    ["vitest", "vite"]
      .flatMap((name) => configExtensions.map((ext) => `${name}.config.${ext}`))
      .find((name) => existsSync(join(root, name))) ??
    null;
  const wrapper = join(folder.dir, "xihe.vitest.config.mjs");
  const from = base === null ? null : importPath(folder.dir, resolve(root, base));
  writeFileSync(wrapper, vitestConfigSource(from, folder.vitestSetup));
  return wrapper;
}

function jestConfig(argv: readonly string[], folder: CoverageFolder, root: string): string | null {
  const given = configOperand(argv);
  if (given === "" || given?.trimStart().startsWith("{")) return null;
  const found =
    given ??
    [...configExtensions, "json"].map((ext) => `jest.config.${ext}`).find((n) => existsSync(join(root, n)));
  let base: JestBaseConfig;
  if (found !== undefined) {
    if (!jestLoadable.test(found)) return null;
    base = { kind: "file", path: resolve(root, found) };
  } else
    base = existsSync(join(root, "package.json"))
      ? { kind: "package", path: join(root, "package.json") }
      : { kind: "none" };
  const wrapper = join(folder.dir, "xihe.jest.config.cjs");
  writeFileSync(wrapper, jestConfigSource(base, root, folder.jestSetup));
  return wrapper;
}

/** The command's own `--config X` / `--config=X` / `-c X` (undefined: none; "": no value). */
function configOperand(argv: readonly string[]): string | undefined {
  for (const [i, word] of argv.entries()) {
    if (word === "--config" || word === "-c") return argv[i + 1] ?? "";
    if (word.startsWith("--config=")) return word.slice("--config=".length);
  }
  return undefined;
}

/** The argv with its own config option dropped and ours given; unchanged when there is no hook. */
function withConfig(argv: readonly string[], config: string | null): PerTestArgv {
  if (config === null) return { argv: [...argv], hooked: false };
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "--config" || word === "-c") i++;
    else if (!word.startsWith("--config=")) out.push(word);
  }
  return { argv: [...out, "--config", config], hooked: true };
}

function importPath(fromDir: string, file: string): string {
  const path = relative(fromDir, file);
  return isAbsolute(path) || path.startsWith(".") ? path : `./${path}`;
}
