// The name the code index gives the function a stack frame names. V8 prints a function by how it
// was defined and called (`Object.parseArgs`, `async Cart.total`, `new Foo`, `Layer.handle [as
// handle_request]`); the index names it by its own last segment. A CommonJS module's anonymous
// `module.exports = function () {}` prints as `module.exports` (also `new module.exports`,
// `module.exports [as parse]` when called through another property) and is the index's `default`:
// read as `exports`, no symbol has that name and the frame would pass for a nested closure.

/** The indexed name of a frame's function; null for an anonymous one (`Object.<anonymous>`). */
export function frameFunctionName(printed: string): string | null {
  const own = printed
    .replace(/^(?:async |new )/, "")
    // `[as x]` is the property it was called through; the function's own name comes before.
    .replace(/\s*\[as [^\]]*\]$/, "");
  if (/(?:^|\.)module\.exports$/.test(own)) return "default";
  const name = own.split(/[.\s]/).pop() ?? "";
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : null;
}
