// The test command as argv a runner filter can extend: `npm test` (or yarn/pnpm) is replaced by the
// package's `scripts.test`, whose bare program names resolve to node_modules/.bin like npm would.
// Leading `NAME=value` words become the run's environment (`PYTHONPATH=src pytest`). Glob operands
// (`tape test/*.js`) are expanded against the checkout as a shell would: the sandbox runs argv, no shell.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { globPaths } from "./glob-paths.ts";
import { parseCommandLine } from "../../../workspace/parse-command-line.ts";

export type ResolvedTestArgv =
  { ok: true; argv: string[]; env: Record<string, string> } | { ok: false; reason: string };

const manifest = z.object({ scripts: z.record(z.string(), z.string()).optional() });

export function resolveTestArgv(root: string, command: string): ResolvedTestArgv {
  const expandGlob = (pattern: string) => (insideCheckout(pattern) ? globPaths(pattern, root) : []);
  const parsed = parseCommandLine(command, { expandGlob });
  if (!parsed.ok) return { ok: false, reason: `the test command does not parse: ${parsed.reason}` };
  const { env, rest } = splitAssignments(parsed.argv);
  if (!isPackageScript(rest)) return { ok: true, argv: withLocalBin(root, rest), env };
  const script = readTestScript(root);
  if (script === null)
    return { ok: false, reason: `\`${command}\` runs package.json scripts.test, and there is none` };
  const inner = parseCommandLine(script, { expandGlob });
  if (!inner.ok)
    return { ok: false, reason: `scripts.test (${script}) is not one plain command: ${inner.reason}` };
  const scriptEnv = splitAssignments(inner.argv);
  return {
    ok: true,
    argv: withLocalBin(root, [...scriptEnv.rest, ...rest.slice(scriptArgsAt(rest))]),
    env: { ...env, ...scriptEnv.env },
  };
}

function splitAssignments(argv: readonly string[]): { env: Record<string, string>; rest: string[] } {
  const env: Record<string, string> = {};
  let at = 0;
  for (; at < argv.length; at++) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(argv[at] ?? "");
    if (!match) break;
    env[match[1] ?? ""] = match[2] ?? "";
  }
  return { env, rest: argv.slice(at) };
}

function isPackageScript(argv: readonly string[]): boolean {
  const [tool, first, second] = argv;
  if (tool !== "npm" && tool !== "yarn" && tool !== "pnpm") return false;
  return first === "test" || first === "t" || (first === "run" && second === "test");
}

// `npm test -- -x` passes -x to the script.
function scriptArgsAt(argv: readonly string[]): number {
  const dashes = argv.indexOf("--");
  return dashes >= 0 ? dashes + 1 : argv.length;
}

function readTestScript(root: string): string | null {
  const path = join(root, "package.json");
  if (!existsSync(path)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    if (err instanceof SyntaxError) return null;
    throw err;
  }
  const parsed = manifest.safeParse(json);
  return parsed.success ? (parsed.data.scripts?.["test"] ?? null) : null;
}

function withLocalBin(root: string, argv: readonly string[]): string[] {
  const [program, ...rest] = argv;
  if (program === undefined || program.includes("/")) return [...argv];
  if (program === "npx" && rest[0] !== undefined && existsSync(join(root, "node_modules", ".bin", rest[0])))
    return [`node_modules/.bin/${rest[0]}`, ...rest.slice(1)];
  if (existsSync(join(root, "node_modules", ".bin", program)))
    return [`node_modules/.bin/${program}`, ...rest];
  return [...argv];
}

function insideCheckout(pattern: string): boolean {
  return !pattern.startsWith("/") && !pattern.split("/").includes("..");
}
