// Decides whether a command the agent asks for may run. Allowed: the repository's configured
// commands (test/lint/build/format, with extra arguments such as a test file) and a read-only list.
// Every refusal says why and what to do instead, so the model can correct itself.
import { parseCommandLine } from "./parse-command-line.ts";
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
// Options that write files, run programs, follow forever or read outside the given operands.
const forbiddenOptions: Record<string, readonly string[]> = {
  git: ["--output", "--ext-diff", "--no-index", "--exec", "--upload-pack", "--receive-pack"],
  find: ["-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls"],
  grep: ["-f", "--file", "--exclude-from"],
  rg: ["-f", "--file", "--pre", "--pre-glob", "-z", "--search-zip", "--ignore-file"],
  tail: ["-f", "-F", "--follow", "--retry"],
};

export function checkCommand(command: string | readonly string[], policy: CommandPolicy): CommandDecision {
  const parsed =
    typeof command === "string" ? parseCommandLine(command) : { ok: true as const, argv: [...command] };
  if (!parsed.ok) return refuse(parsed.reason);
  const argv = parsed.argv;
  if (argv.length === 0) return refuse("the command is empty");
  if (matchesConfigured(argv, policy.configured)) return { allowed: true, argv, source: "configured" };
  const program = argv[0] ?? "";
  if (!readOnlyPrograms.has(program)) return refuse(notAllowedReason(program, policy.configured));
  const problem = readOnlyProblem(program, argv.slice(1), policy.root);
  if (problem !== null) return refuse(problem);
  return { allowed: true, argv, source: "read_only" };
}

function matchesConfigured(argv: readonly string[], configured: readonly string[]): boolean {
  return configured.some((line) => {
    const parsed = parseCommandLine(line);
    return parsed.ok && parsed.argv.length <= argv.length && parsed.argv.every((word, i) => argv[i] === word);
  });
}

function readOnlyProblem(program: string, args: readonly string[], root: string): string | null {
  if (program === "git") {
    const sub = args[0];
    if (sub === undefined || !gitSubcommands.has(sub))
      return `only \`git status|diff|log|show\` are allowed, with the subcommand first (got ${JSON.stringify(sub ?? "")})`;
  }
  for (const arg of args) {
    const forbidden = (forbiddenOptions[program] ?? []).find(
      (opt) => arg === opt || arg.startsWith(`${opt}=`),
    );
    if (forbidden !== undefined)
      return `\`${program} ${forbidden}\` is not allowed: ${program} may only read files`;
  }
  if (program === "find" && args.some((a) => a.startsWith("-") && a.toLowerCase().includes("exec")))
    return "`find` may not run programs; drop -exec and read the listed files with cat";
  for (const operand of pathOperands(program, args)) {
    try {
      resolveWorkspacePath(root, operand);
    } catch (err) {
      if (err instanceof WorkspacePathError) return err.message;
      throw err;
    }
  }
  return null;
}

// Operands that name files: everything not starting with "-", except the pattern of grep/rg and git
// revisions (git resolves its paths inside the repository itself).
function pathOperands(program: string, args: readonly string[]): string[] {
  if (program === "git") {
    const dash = args.indexOf("--");
    return dash === -1 ? [] : args.slice(dash + 1);
  }
  if (program === "find")
    return args.filter((a, i) => !a.startsWith("-") && !(args[i - 1] ?? "").startsWith("-"));
  const operands = args.filter((a) => !a.startsWith("-"));
  return program === "grep" || program === "rg" ? operands.slice(1) : operands;
}

function notAllowedReason(program: string, configured: readonly string[]): string {
  const list = configured.length > 0 ? configured.map((c) => `\`${c}\``).join(", ") : "none configured";
  return (
    `\`${program}\` is not an allowed command. Allowed: the configured commands (${list}) with extra ` +
    "arguments, and the read-only commands git status|diff|log|show, ls, cat, head, tail, wc, grep, rg, find"
  );
}

function refuse(reason: string): CommandDecision {
  return { allowed: false, code: "command_refused", reason };
}
