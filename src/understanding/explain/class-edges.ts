// The class hierarchy's edges for the tests-that-reach walk: each class's subclasses and bases
// (matched by base name, as class-methods.ts does), and the calls a class's methods make on the
// instance itself (`self.m()`, `this.m()`) or to the base constructor (`super(...)`).
import type { CodeIndex } from "../index/code-index.ts";
import { baseNames } from "./symbol-references.ts";
import type { ClassMethods } from "./class-methods.ts";
import type { Edge, IncomingEdges } from "./incoming-edge-types.ts";

type ClassEdges = Pick<
  IncomingEdges,
  "subclasses" | "superclasses" | "receiverCalls" | "superConstructorCalls"
>;

export function classEdges(index: CodeIndex, classes: ClassMethods): ClassEdges {
  const subclasses: IncomingEdges["subclasses"] = new Map();
  const superclasses: IncomingEdges["superclasses"] = new Map();
  for (const c of index.symbols)
    if (c.kind === "class")
      for (const base of baseNames(c.signature))
        for (const b of classes.named.get(base) ?? [])
          if (b.id !== c.id) {
            // In place: bases match by name, so a PR's thousand classes named `Base` and their
            // subclasses make a million links, and copying each list per link made that cubic.
            push(subclasses, b.id, c);
            push(superclasses, c.id, b);
          }
  return { subclasses, superclasses, ...receiverCallsByClass(index) };
}

/** The receiver of a call that is the instance (or, in a Python classmethod, the class) itself. */
const receiverCall = /^(?:self|this|cls)\.([\w$]+)$/;

function receiverCallsByClass(
  index: CodeIndex,
): Pick<IncomingEdges, "receiverCalls" | "superConstructorCalls"> {
  const byId = new Map(index.symbols.map((s) => [s.id, s]));
  const receiverCalls = new Map<string, Edge[]>();
  const superConstructorCalls = new Map<string, Edge[]>();
  for (const call of index.calls) {
    const caller = call.from ? byId.get(call.from) : undefined;
    if (caller?.kind !== "method" || !caller.parent) continue;
    const edge = { from: call.from, file: call.file, line: call.line };
    if (call.calleeName === "super" && !call.to && caller.name === "constructor")
      push(superConstructorCalls, caller.parent, edge);
    const member = receiverCall.exec(call.calleeName)?.[1];
    if (member) push(receiverCalls, `${caller.parent}\0${member}`, edge);
  }
  return { receiverCalls, superConstructorCalls };
}

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}
