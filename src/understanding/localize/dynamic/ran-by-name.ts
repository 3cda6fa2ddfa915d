// Whether coverage that names the functions it ran (V8's, for modules a runner transformed) ran a
// symbol of the index: V8 names an accessor `get x` / `set x`, the index names it `x`.
export function ranByName(names: ReadonlySet<string>, name: string): boolean {
  return names.has(name) || names.has(`get ${name}`) || names.has(`set ${name}`);
}
