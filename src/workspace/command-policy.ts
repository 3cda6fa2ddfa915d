// Decides whether a command the agent asks for may run. Allowed: the repository's configured
// commands (test/lint/build/format) exactly, plus the few extra arguments their runner treats as a
// selection (configured-extras.ts), and a read-only list judged by each tool's parsed options
// (parse-options.ts), not by spelling. Every refusal says why and what to do instead.
import { checkExtras, extraGrammarOf } from "./configured-extras.ts";
import { checkFindExpression } from "./find-expression.ts";
import { parseCommandLine } from "./parse-command-line.ts";
import { parseOptions, type ParsedOptions } from "./parse-options.ts";
import { readOnlyGrammars } from "./read-only-grammars.ts";
import { resolveWorkspacePath } from "./resolve-workspace-path.ts";
import { WorkspacePathError } from "./workspace-path-error.ts";

export interface CommandPolicy {
  /** The workspace root: path operands of read-only commands must resolve inside it. */
  root: string;
  /** Configured command lines (from `.github/xihe.yml` or detected defaults). */
  configured: readonly string[];
}

export type CommandDecision =
  | { allowed: true; argv: string[]; source: "configured" | "read_only" }
  | { allowed: false; code: "command_refused"; reason: string };

const readOnlyPrograms = new Set(["git", "ls", "cat", "head", "tail", "wc", "grep", "rg", "find"]);
const gitSubcommands = new Set(["status", "diff", "log", "show"]);

export function checkCommand(command: string | readonly string[], policy: CommandPolicy): CommandDecision {
  const parsed =
    typeof command === "string" ? parseCommandLine(command) : { ok: true as const, argv: [...command] };
  if (!parsed.ok) return refuse(parsed.reason);
  const argv = parsed.argv;
  if (argv.length === 0) return refuse("the command is empty");
  const configured = configuredProblem(argv, policy);
  if (configured === null) return { allowed: true, argv, source: "configured" };
  const program = argv[0] ?? "";
  if (!readOnlyPrograms.has(program))
    return refuse(configured || notAllowedReason(program, policy.configured));
  const problem = readOnlyProblem(program, argv.slice(1), policy.root);
  if (problem !== null) return refuse(problem);
  return { allowed: true, argv, source: "read_only" };
}

/** null: argv is a configured command (with allowed extras); "" when none starts it; else why not. */
function configuredProblem(argv: readonly string[], policy: CommandPolicy): string | null {
  let problem = "";
  for (const line of policy.configured) {
    const parsed = parseCommandLine(line);
    if (!parsed.ok || parsed.argv.length > argv.length) continue;
    if (!parsed.argv.every((word, i) => argv[i] === word)) continue;
    const extras = argv.slice(parsed.argv.length);
    if (extras.length === 0) return null;
    const grammar = extraGrammarOf(parsed.argv);
    if (grammar === null) {
      problem ||= `the configured command \`${line}\` runs exactly as configured; drop the extra arguments`;
      continue;
    }
    const check = checkExtras(grammar, parsed.argv, extras);
    const outside = check.ok ? pathProblem(policy.root, check.paths) : check.reason;
    if (outside === null) return null;
    problem ||= outside;
  }
  return problem;
}

function readOnlyProblem(program: string, args: readonly string[], root: string): string | null {
  if (program === "find") {
    const find = checkFindExpression(args);
    return find.ok ? pathProblem(root, find.startingPoints) : find.reason;
  }
  if (program === "git") {
    const sub = args[0];
    if (sub === undefined || !gitSubcommands.has(sub))
      return `only \`git status|diff|log|show\` are allowed, with the subcommand first (got ${JSON.stringify(sub ?? "")})`;
  }
  const grammar = readOnlyGrammars[program];
  if (grammar === undefined) return `\`${program}\` has no option grammar`;
  const parsed = parseOptions(program === "git" ? args.slice(1) : args, grammar);
  if (!parsed.ok) return optionRefusal(program, parsed);
  // git confines its own pathspecs to the repository; everything else names files as operands.
  if (program === "git") return null;
  return pathProblem(root, fileOperands(program, parsed));
}

function fileOperands(program: string, parsed: Extract<ParsedOptions, { ok: true }>): string[] {
  if (program !== "grep" && program !== "rg") return parsed.operands;
  // The first operand is the pattern, unless -e/--regexp gave it.
  const patternGiven = parsed.options.some((o) => o.name === "-e" || o.name === "--regexp");
  return patternGiven ? parsed.operands : parsed.operands.slice(1);
}

function optionRefusal(program: string, parsed: Extract<ParsedOptions, { ok: false }>): string {
  if (parsed.reason === "ambiguous")
    return `\`${program} ${parsed.option}\` is ambiguous (${parsed.detail}); write the option in full`;
  if (parsed.reason === "missing_value") return `\`${program} ${parsed.detail}\` needs a value`;
  const spelled = parsed.option === parsed.detail ? "" : ` (\`${parsed.option}\` means \`${parsed.detail}\`)`;
  return `\`${program} ${parsed.detail}\` is not allowed${spelled}: ${program} may only read the files it is given, inside the workspace`;
}

function pathProblem(root: string, operands: readonly string[]): string | null {
  for (const operand of operands) {
    try {
      resolveWorkspacePath(root, operand);
    } catch (err) {
      if (err instanceof WorkspacePathError) return err.message;
      throw err;
    }
  }
  return null;
}

function notAllowedReason(program: string, configured: readonly string[]): string {
  const list = configured.length > 0 ? configured.map((c) => `\`${c}\``).join(", ") : "none configured";
  return (
    `\`${program}\` is not an allowed command. Allowed: the configured commands (${list}) as configured, ` +
    "optionally with test files or a test-name filter, and the read-only commands git status|diff|log|show, " +
    "ls, cat, head, tail, wc, grep, rg, find"
  );
}

function refuse(reason: string): CommandDecision {
  return { allowed: false, code: "command_refused", reason };
}
