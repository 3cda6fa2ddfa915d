// Grep-verified references for the explain bench's ground truth: the lines of a repository where a
// name occurs as code (comments and strings blanked) and the occurrence can only mean the project's
// symbol — in the file that defines it, through a name the file imported from the project, or as a
// member of a module binding of the project (`semver.parse`, `_parser.loads`), never `JSON.parse`.
// Import lines are bindings, not uses; object keys and keyword arguments are not references.

export interface SourceFile {
  path: string;
  text: string;
}

const jsBlank = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\[\s\S]|[^`\\])*`/g;
const pyBlank = /"""[\s\S]*?"""|'''[\s\S]*?'''|#[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g;

/** The text with comments and string contents replaced by spaces (newlines kept). */
export function blankText(path: string, text: string): string {
  const re = path.endsWith(".py") ? pyBlank : jsBlank;
  return text.replace(re, (m) => m.replace(/[^\n]/g, " "));
}

interface Bindings {
  /** Names bound to project modules (used as receivers). */
  modules: Set<string>;
  /** Names imported from project modules. */
  named: Set<string>;
  importLines: Set<number>;
}

function projectSpecifier(spec: string, pkg: string): boolean {
  return spec.startsWith(".") || spec === pkg || spec.startsWith(`${pkg}/`) || spec.startsWith(`${pkg}.`);
}

export function bindings(file: SourceFile, pkg: string): Bindings {
  const b: Bindings = { modules: new Set(), named: new Set(), importLines: new Set() };
  const lines = file.text.split("\n");
  const py = file.path.endsWith(".py");
  lines.forEach((line, i) => {
    if (py) {
      let m = /^\s*from\s+(\S+)\s+import\s+\(?([^)#]*)/.exec(line);
      if (m && projectSpecifier(m[1]!, pkg)) {
        b.importLines.add(i + 1);
        // A parenthesised list may run over several lines.
        let names = m[2]!;
        for (let j = i + 1; line.includes("(") && !lines[j - 1]!.includes(")") && j < lines.length; j++) {
          names += "," + lines[j]!.replace(/[)#].*$/, "");
          b.importLines.add(j + 1);
        }
        for (const part of names.split(",")) {
          const n = /(\w+)(?:\s+as\s+(\w+))?/.exec(part.trim());
          if (n) {
            b.named.add(n[2] ?? n[1]!);
            b.modules.add(n[2] ?? n[1]!);
          }
        }
        return;
      }
      m = /^\s*import\s+([\w.]+)(?:\s+as\s+(\w+))?/.exec(line);
      if (m && projectSpecifier(m[1]!, pkg)) {
        b.importLines.add(i + 1);
        b.modules.add(m[2] ?? m[1]!.split(".")[0]!);
      }
      return;
    }
    const req = /require\(\s*['"]([^'"]+)['"]\s*\)/.exec(line);
    const imp = /^\s*import\s+(.*?)\s+from\s+['"]([^'"]+)['"]/.exec(line);
    const spec = req?.[1] ?? imp?.[2];
    if (!spec || !projectSpecifier(spec, pkg)) return;
    b.importLines.add(i + 1);
    const head = imp ? imp[1]! : (/^\s*(?:const|let|var)\s+(.*?)\s*=\s*require/.exec(line)?.[1] ?? "");
    const braces = /\{([^}]*)\}/.exec(head);
    if (braces)
      for (const part of braces[1]!.split(",")) {
        const n = /(\w+)(?:\s*(?::|as)\s*(\w+))?/.exec(part.trim());
        if (n) b.named.add(n[2] ?? n[1]!);
      }
    const whole = /^(?:\*\s+as\s+)?(\w+)/.exec(head.replace(/\{[^}]*\}/, "").trim());
    if (whole) {
      // `const parse = require('./parse')`: the binding is the module's export itself.
      b.modules.add(whole[1]!);
      b.named.add(whole[1]!);
    }
    // require('./x').name: the name itself is used on that line, a reference.
    const member = /require\(\s*['"][^'"]+['"]\s*\)\.(\w+)/.exec(line);
    if (member) b.importLines.delete(i + 1);
  });
  return b;
}

export interface Target {
  name: string;
  file: string;
  /** The line that declares it (not a reference). */
  line: number;
}

/** `path:line` of every line that references `target`, by the rules above. */
export function referenceLines(target: Target, files: SourceFile[], pkg: string): string[] {
  const out = new Set<string>();
  const word = new RegExp(`\\b${target.name.replace(/[$]/g, "\\$")}\\b`, "g");
  for (const file of files) {
    if (!file.text.includes(target.name)) continue;
    const b = bindings(file, pkg);
    const own = file.path === target.file;
    if (!own && !b.named.has(target.name) && b.modules.size === 0) continue;
    const blanked = blankText(file.path, file.text).split("\n");
    blanked.forEach((line, i) => {
      const n = i + 1;
      if (b.importLines.has(n) || (own && n === target.line)) return;
      for (const m of line.matchAll(word)) {
        const before = line.slice(0, m.index);
        const after = line.slice(m.index + target.name.length);
        const receiver = /([\w$]+)\s*(?:\)\s*)?\.\s*$/.exec(before) ?? (/\.\s*$/.test(before) ? [""] : null);
        let counts: boolean;
        if (receiver) {
          const root = receiver[1] ?? "";
          counts =
            b.modules.has(root) ||
            (own && (root === "exports" || /module\s*\.\s*exports\s*\.\s*$/.test(before)));
        } else if (/^\s*:(?!:)/.test(after) && !/\?[^:]*$/.test(before) && !file.path.endsWith(".py")) {
          counts = false; // an object key
        } else if (file.path.endsWith(".py") && /^\s*=(?!=)/.test(after) && unclosedParen(before)) {
          counts = false; // a keyword argument
        } else {
          counts = own || b.named.has(target.name);
        }
        if (counts) {
          out.add(`${file.path}:${n}`);
          break;
        }
      }
    });
  }
  return [...out].sort();
}

function unclosedParen(text: string): boolean {
  let depth = 0;
  for (const c of text) depth += c === "(" ? 1 : c === ")" ? -1 : 0;
  return depth > 0;
}
