// The names the code index may give the function a stack frame names. V8 prints a function by how
// it was defined and called (`Object.parseArgs`, `async Cart.total`, `new Foo`); the index names it
// by its own last segment. A function called through a property of another name prints that too
// (`Layer.handle [as handle_request]`): the index names `Layer.prototype.handle_request = function
// handle` by the property, `exports.render = render` by the function, so both are candidates. A
// CommonJS module's anonymous `module.exports = function () {}` prints as `module.exports` (also `new
// module.exports`, `module.exports [as parse]`) and is the index's `default`: read as `exports`, no
// symbol has that name and the frame would pass for a closure nested in it.

/** Candidate indexed names of a frame's function, its own name first; none for an anonymous one. */
export function frameFunctionNames(printed: string): string[] {
  const alias = / \[as ([^\]]*)\]$/.exec(printed);
  const own = (alias ? printed.slice(0, alias.index) : printed).replace(/^(?:async |new )/, "");
  const names = [/(?:^|\.)module\.exports$/.test(own) ? "default" : lastSegment(own), alias?.[1]];
  return names.filter((n): n is string => n !== undefined && /^[A-Za-z_$][\w$]*$/.test(n));
}

function lastSegment(name: string): string {
  return name.split(/[.\s]/).pop() ?? "";
}
