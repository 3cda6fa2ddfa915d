// Lines of a change that touch something a security reviewer looks at, named as such: prototype
// keys (pollution guards), file paths built from values, shell or process commands, SQL built
// from strings, deserialisation or evaluation of data.

const rules: { label: string; pattern: RegExp }[] = [
  {
    label: "prototype keys (__proto__ / constructor / prototype): a prototype-pollution guard or risk",
    pattern: /__proto__|\bconstructor\.prototype\b|["'](?:__proto__|constructor|prototype)["']/,
  },
  {
    label: "a file path built from values (path traversal)",
    pattern: /\bpath\.(?:join|resolve)\(|\bos\.path\.join\(/,
  },
  {
    label: "a shell or process command",
    pattern:
      /\bchild_process\b|\bexec(?:Sync|File|FileSync)?\(|\bspawn(?:Sync)?\(|\bsubprocess\.\w+\(|\bos\.(?:system|popen)\(|\bshell\s*[:=]\s*(?:true|True)/,
  },
  {
    label: "SQL built from strings (injection)",
    pattern: /\b(?:SELECT|INSERT|UPDATE|DELETE)\b[^;]*(?:\+\s*[\w$]|\$\{|%s|\.format\(|\bf["'])/i,
  },
  {
    label: "deserialisation or evaluation of data",
    pattern:
      /\bpickle\.loads?\(|\byaml\.load\(|\bmarshal\.loads?\(|\beval\(|\bnew Function\(|\bJSON\.parse\(|\bunserialize\(|\bvm\.run\w*\(/,
  },
];

export function securityPatterns(hunk: readonly string[]): string[] {
  const out = new Set<string>();
  for (const line of hunk) {
    if (!line.startsWith("+") && !line.startsWith("-")) continue;
    const code = line.slice(1);
    if (/^\s*(\/\/|#|\*)/.test(code)) continue;
    for (const rule of rules)
      if (rule.pattern.test(code))
        out.add(`security-relevant: ${line.startsWith("+") ? "adds" : "removes"} ${rule.label}`);
  }
  return [...out];
}
