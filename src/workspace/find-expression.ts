// Checks a `find` command against an allow-list of its primaries (find has its own grammar: no
// getopt, no abbreviations, options and tests after the starting points). Anything that runs a
// program, writes a file, deletes, or follows symlinks is refused; so is any primary not listed.

const withValue = new Set(
  (
    "-name -iname -path -ipath -wholename -iwholename -regex -iregex -regextype -type -xtype " +
    "-maxdepth -mindepth -size -mtime -mmin -atime -amin -ctime -cmin -perm -user -group -uid -gid " +
    "-links -inum -lname -ilname -printf"
  ).split(" "),
);
const flags = new Set(
  (
    "-print -print0 -prune -depth -empty -true -false -not -a -o -and -or -readable -writable " +
    "-executable -nouser -nogroup -xdev -mount -noleaf -daystart -quit -ls -P"
  ).split(" "),
);
const operators = new Set(["(", ")", "!", ","]);
const following = new Set(["-L", "-H", "-follow"]);

export type FindCheck = { ok: true; startingPoints: string[] } | { ok: false; reason: string };

export function checkFindExpression(args: readonly string[]): FindCheck {
  const startingPoints: string[] = [];
  let inExpression = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? "";
    if (following.has(arg))
      return { ok: false, reason: `\`find ${arg}\` is not allowed: find may not follow symlinks` };
    if (!inExpression && !arg.startsWith("-") && !operators.has(arg)) {
      startingPoints.push(arg);
      continue;
    }
    inExpression = true;
    if (operators.has(arg) || flags.has(arg)) continue;
    if (!withValue.has(arg)) return { ok: false, reason: refusal(arg) };
    if (args[i + 1] === undefined) return { ok: false, reason: `\`find ${arg}\` needs a value` };
    i += 1;
  }
  return { ok: true, startingPoints };
}

function refusal(arg: string): string {
  const runs = /exec|ok|delete|fprint|fls/.test(arg)
    ? "find may not run programs, delete or write files; drop it and read the listed files with cat. "
    : "";
  return (
    `\`find ${arg}\` is not allowed. ${runs}Allowed: tests like -name, -path, -type, -maxdepth, ` +
    "time and size tests (-mtime, -mmin, -size), operators ( ) ! -o -a, and -print/-print0/-printf"
  );
}
