// `f.bind(x)`, `f.call(x, a)`, `f.apply(x, args)` (JS/TS): Function.prototype's methods name the
// function they run or hand on, so the call site is a use of `f` (`route.dispatch.bind(route)`
// given to a Layer reaches Route's dispatch). A plain name counts only when the file declares or
// imports it as a function: `server.bind(port)` on a socket is no function's use.
import type { Node } from "web-tree-sitter";

const functionMethods = new Set(["bind", "call", "apply"]);
const simpleTarget = /^(?:this|[\w$]+)(?:\.[\w$]+)*$/;

/**
 * The function a `.bind`/`.call`/`.apply` call uses, as written (`route.dispatch`, `this.handle`,
 * `logerror`), or null when the call is not one or its target is not known to be a function.
 */
export function functionReferenced(call: Node, isFunctionName: (name: string) => boolean): string | null {
  if (call.type !== "call_expression") return null;
  const callee = call.childForFieldName("function");
  if (callee?.type !== "member_expression") return null;
  if (!functionMethods.has(callee.childForFieldName("property")?.text ?? "")) return null;
  const target = callee.childForFieldName("object");
  if (!target || !simpleTarget.test(target.text)) return null;
  // `Foo.prototype.m.call(this)` and `Array.prototype.slice.call(arguments)`: a prototype's member is
  // looked up by no rule here, and the builtins' would bind a project method of the same name.
  if (/\.prototype\./.test(`${target.text}.`)) return null;
  if (target.type === "identifier") return isFunctionName(target.text) ? target.text : null;
  return target.type === "member_expression" ? target.text : null;
}

/**
 * `this.hook = this.hook.bind(this)` (a constructor making a method safe to destructure): the bound
 * copy replaces the member and nothing runs it here, so the site is neither a call nor a use that
 * leads anywhere; the member's real calls still resolve to the method. Counting it made every
 * test constructing the class reach `hook`.
 */
export function rebindsItself(call: Node): boolean {
  const callee = call.type === "call_expression" ? call.childForFieldName("function") : null;
  if (callee?.type !== "member_expression" || callee.childForFieldName("property")?.text !== "bind")
    return false;
  const assignment = call.parent;
  return (
    assignment?.type === "assignment_expression" &&
    assignment.childForFieldName("right")?.id === call.id &&
    assignment.childForFieldName("left")?.text === callee.childForFieldName("object")?.text
  );
}
