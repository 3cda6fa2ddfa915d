// Grep-verified references for the explain bench's ground truth: the lines of a repository where a
// name occurs as code (comments and strings blanked, but the code inside a template literal's
// `${...}` or a Python f-string's `{...}` kept) and the occurrence can only mean the project's
// symbol — in the file that defines it, through a name the file imported from the project (an
// import may span several lines), or as a member of a module binding of the project
// (`semver.parse`, `_parser.loads`), never `JSON.parse`. A spread (`...parse(x)`) is not a member
// access. Import lines are bindings, not uses; object keys and keyword arguments are not references.

export interface SourceFile {
  path: string;
  text: string;
}

/** The text with comments and string contents replaced by spaces (newlines kept). */
export function blankText(path: string, text: string): string {
  return path.endsWith(".py") ? blankPython(text) : blankJs(text);
}

const blank = (s: string) => s.replace(/[^\n]/g, " ");

function blankJs(text: string): string {
  let out = "";
  let i = 0;
  // Template literals whose `${` we are inside, each with the brace depth at which it resumes.
  const templates: number[] = [];
  let depth = 0;
  while (i < text.length) {
    const c = text[i]!;
    const two = text.slice(i, i + 2);
    if (two === "//" || two === "/*") {
      const end = two === "//" ? text.indexOf("\n", i) : text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : two === "//" ? end : end + 2;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== "\n") j += text[j] === "\\" ? 2 : 1;
      const stop = Math.min(j + 1, text.length);
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === "`" || (c === "}" && templates.length > 0 && depth === templates.at(-1))) {
      if (c === "}") templates.pop();
      // Template text runs to its closing backtick or to the next `${`, where code starts again.
      let j = i + 1;
      while (j < text.length && text[j] !== "`" && !text.startsWith("${", j)) j += text[j] === "\\" ? 2 : 1;
      if (text.startsWith("${", j)) {
        out += blank(text.slice(i, j + 2));
        templates.push(depth);
        i = j + 2;
      } else {
        const stop = Math.min(j + 1, text.length);
        out += blank(text.slice(i, stop));
        i = stop;
      }
    } else {
      if (c === "{") depth++;
      else if (c === "}") depth--;
      out += c;
      i++;
    }
  }
  return out;
}

const pyStringStart = /([rRbBuUfF]{1,2})?('''|"""|'|")/y;

function blankPython(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "#") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? text.length : end;
      out += blank(text.slice(i, stop));
      i = stop;
      continue;
    }
    pyStringStart.lastIndex = i;
    // A prefix letter starts a string only as a word of its own (`rf"`, not the `f` of `elif`).
    const m = c === "'" || c === '"' || !/\w/.test(text[i - 1] ?? "") ? pyStringStart.exec(text) : null;
    if (!m) {
      out += c;
      i++;
      continue;
    }
    const prefix = m[1] ?? "";
    const quote = m[2]!;
    const raw = /[rR]/.test(prefix);
    const formatted = /[fF]/.test(prefix);
    let j = i + m[0].length;
    out += blank(text.slice(i, j));
    while (j < text.length && !text.startsWith(quote, j) && (quote.length === 3 || text[j] !== "\n")) {
      if (text[j] === "\\" && !raw) {
        out += blank(text.slice(j, j + 2));
        j += 2;
      } else if (formatted && text.startsWith("{{", j)) {
        out += "  ";
        j += 2;
      } else if (formatted && text[j] === "{") {
        // A replacement field is code, up to its matching brace.
        let level = 0;
        let k = j;
        for (; k < text.length; k++) {
          if (text[k] === "{") level++;
          else if (text[k] === "}" && --level === 0) break;
        }
        out += text.slice(j, k + 1);
        j = k + 1;
      } else {
        out += blank(text[j]!);
        j++;
      }
    }
    const stop = Math.min(j + (text.startsWith(quote, j) ? quote.length : 0), text.length);
    out += blank(text.slice(j, stop));
    i = stop;
  }
  return out;
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
    // `import {\n a,\n b\n} from "x"` and `const {\n a\n} = require("x")` are one statement.
    let statement = line;
    let last = i;
    if (/^\s*(?:import|(?:const|let|var))\s*\{/.test(line))
      while (unclosedBrace(statement) && last + 1 < lines.length && last - i < 100)
        statement += " " + lines[++last]!;
    const req = /require\(\s*['"]([^'"]+)['"]\s*\)/.exec(statement);
    const imp = /^\s*import\s+(.*?)\s+from\s+['"]([^'"]+)['"]/.exec(statement);
    const spec = req?.[1] ?? imp?.[2];
    if (!spec || !projectSpecifier(spec, pkg)) return;
    for (let l = i; l <= last; l++) b.importLines.add(l + 1);
    const head = imp ? imp[1]! : (/^\s*(?:const|let|var)\s+(.*?)\s*=\s*require/.exec(statement)?.[1] ?? "");
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
        // `a.name`, `f().name`, `.name` on a continued line; not a spread (`...name`).
        const receiver =
          /([\w$]+)\s*(?:\)\s*)?\.\s*$/.exec(before) ?? (/(?<!\.\.)\.\s*$/.test(before) ? [""] : null);
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

function unclosedBrace(text: string): boolean {
  let depth = 0;
  for (const c of text) depth += c === "{" ? 1 : c === "}" ? -1 : 0;
  return depth > 0;
}

function unclosedParen(text: string): boolean {
  let depth = 0;
  for (const c of text) depth += c === "(" ? 1 : c === ")" ? -1 : 0;
  return depth > 0;
}
