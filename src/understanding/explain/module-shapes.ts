// What a JS/TS module hands to the files that load it, beyond the index's import bindings: what
// CommonJS `require()` returns (`module.exports = Range` is the class itself; `module.exports = {
// a, b: c }` and `exports.a = b` are members under those keys). What a module passes on of the
// modules it imports (`export * from`, `exports.x = require()`) is the index's `ImportRef.reexports`.
// Read from the file's text, once per file, only for files an import resolves to.

export interface ModuleShape {
  /** The local name `module.exports = NAME` hands out: `require()` of the file returns it; for
   * `module.exports = function (...) {}` the function's name, `default` when it has none (the
   * index's name for it). */
  whole: string | null;
  /** Exported key -> local name, for `module.exports = { key: local }` and `exports.key = local`. */
  members: Map<string, string>;
}

export interface ModuleShapes {
  shapeOf(file: string): ModuleShape;
}

const identifier = String.raw`[A-Za-z_$][\w$]*`;
const wholeExport = new RegExp(String.raw`^\s*module\.exports\s*=\s*(${identifier})\s*;?\s*$`, "m");
// `module.exports = function name (...)` is that function; an anonymous one is the index's `default`.
const functionExport = new RegExp(
  String.raw`^\s*module\.exports\s*=\s*(?:async\s+)?(?:function\b\s*\*?\s*(${identifier})?|class\b\s*(${identifier})?|(?:\([^)]*\)|${identifier})\s*=>)`,
  "m",
);
const objectExport = /^\s*module\.exports\s*=\s*\{([^}]*)\}/m;
const memberExport = new RegExp(
  String.raw`^\s*(?:module\.)?exports\.(${identifier})\s*=\s*(${identifier})\s*;?\s*$`,
  "gm",
);
const jsFile = /\.(?:[cm]?[jt]sx?)$/;

export function createModuleShapes(readText: (file: string) => string | null): ModuleShapes {
  const shapes = new Map<string, ModuleShape>();
  return {
    shapeOf(file) {
      const known = shapes.get(file);
      if (known) return known;
      const shape = jsFile.test(file) ? readShape(readText(file) ?? "") : { whole: null, members: new Map() };
      shapes.set(file, shape);
      return shape;
    },
  };
}

function readShape(text: string): ModuleShape {
  const members = new Map<string, string>();
  const fn = functionExport.exec(text);
  const whole = wholeExport.exec(text)?.[1] ?? (fn ? (fn[1] ?? fn[2] ?? "default") : null);
  const object = objectExport.exec(text)?.[1];
  if (object !== undefined)
    for (const entry of object.split(",")) {
      const m = new RegExp(String.raw`^\s*(${identifier})\s*(?::\s*(${identifier})\s*)?$`).exec(entry);
      if (m?.[1]) members.set(m[1], m[2] ?? m[1]);
    }
  for (const m of text.matchAll(memberExport)) if (m[1] && m[2]) members.set(m[1], m[2]);
  return { whole: whole === "require" ? null : whole, members };
}
