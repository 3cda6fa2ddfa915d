// A function whose body does nothing (`function NullObject () { }`, `def serialize_body(self): raise
// NotImplementedError`, a docstring and `pass`) is a placeholder: a constructor for a prototype, an
// abstract method its subclasses override. It runs no code a failing test could trip on, yet its name
// and the calls bound to it give it the evidence of what it stands for. Like a bodiless declaration
// (bodiless-declarations.ts), it is never a suspect.
import type { CodeSymbol } from "../index/code-index.ts";
import type { ReadLines } from "../index/symbol-documents.ts";
import { isCallable } from "../index/symbol-lookup.ts";

// Statements that only say "not here": Python's placeholders.
const PLACEHOLDER = /^(?:pass|\.\.\.|raise NotImplementedError(?:\(.*\))?|return|return None)$/;

export function hasStubBody(symbol: CodeSymbol, readLines: ReadLines): boolean {
  if (!isCallable(symbol) || symbol.bodyLine === undefined) return false;
  const lines = readLines(symbol.file)?.slice(symbol.bodyLine - 1, symbol.endLine);
  if (!lines || lines.length === 0) return false;
  const text = lines.join("\n");
  return symbol.file.endsWith(".py") ? isPythonStub(text) : isBracedStub(text);
}

function isPythonStub(body: string): boolean {
  const statements = body
    .replace(/("""|''')[\s\S]*?\1/g, "")
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter((line) => line !== "");
  return statements.every((s) => PLACEHOLDER.test(s));
}

/** `{ }` with only comments inside; an expression body (`=> x`) is not a stub. */
function isBracedStub(body: string): boolean {
  const open = body.indexOf("{");
  const close = body.lastIndexOf("}");
  if (open < 0 || close < open) return false;
  const inside = body
    .slice(open + 1, close)
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "");
  return inside.trim() === "";
}
