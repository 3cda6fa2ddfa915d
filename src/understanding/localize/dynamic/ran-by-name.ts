// Whether coverage that names the functions it ran (V8's, for modules a runner transformed) ran a
// symbol of the index: V8 names an accessor `get x` / `set x`, the index names it `x`. A method
// assigned outside a class body (`ColordClass.prototype.delta = function`) or compiled to one (a
// TS class down-levelled by ts-jest) has V8's inferred name, the owner's path without `prototype`
// (`ColordClass.delta`, `Object.<anonymous>.Colord.toHex`): it ends with the index's qualified
// name. Only qualified names (`Owner.method`) are matched that way: a bare `message` would take
// any `t.throws.message` of the test harness. A CommonJS named export (`exports.dot = function`)
// is the one bare name taken from an inferred one: V8 calls it `exports.dot` (or
// `module.exports.dot`), the index `dot`, and nothing but the module's own export is named so.
// A class constructor is the one method V8 names after its owner: `Evaluator` for the index's
// `Evaluator.constructor`, native or compiled to ES5 (`function Evaluator(...)` in babel's output).
export function ranByName(names: ReadonlySet<string>, name: string, qualifiedName = name): boolean {
  if (names.has(name) || names.has(`get ${name}`) || names.has(`set ${name}`)) return true;
  if (name === "constructor" && qualifiedName.endsWith(".constructor"))
    return ranByName(names, qualifiedName.slice(0, -".constructor".length).split(".").pop() ?? "");
  if (qualifiedName === name && (names.has(`exports.${name}`) || names.has(`module.exports.${name}`)))
    return true;
  if (!qualifiedName.includes(".")) return false;
  for (const ran of names) if (ran === qualifiedName || ran.endsWith(`.${qualifiedName}`)) return true;
  return false;
}
