import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIndex } from "../../../src/understanding/index/build-index.ts";
import type { CodeIndex } from "../../../src/understanding/index/code-index.ts";
import { lines, makeRepo, type TestRepo } from "../make-repo.ts";
import { symbolNamed } from "./index-shape.ts";

/** Resolved targets of the edges on one line (calls and accessor reads alike). */
function targetsAt(index: CodeIndex, file: string, line: number): (string | null)[] {
  return index.calls.filter((c) => c.file === file && c.line === line).map((c) => c.to);
}

// Edges real code uses without calling a function by its name: a method handed on through
// `.bind`, a getter defined through a helper or Object.defineProperty, a variable that falls back
// to a default function.
describe("edges through function values", () => {
  let repo: TestRepo;
  let index: CodeIndex;
  beforeAll(async () => {
    repo = makeRepo({
      "lib/route.js": lines(
        "function Route(path) { this.path = path; }",
        "Route.prototype.dispatch = function dispatch(req, res, done) { done(); };",
        "module.exports = Route;",
      ),
      "lib/router.js": lines(
        'const Route = require("./route");',
        'const net = require("net");',
        "function logerror(err) { return err; }",
        "const server = net.createServer();",
        "function route(path) {",
        "  const r = new Route(path);",
        "  use(r.dispatch.bind(r));",
        "  server.bind(8080);",
        "  return logerror.call(null, path);",
        "}",
        "function use(fn) { return fn; }",
        "module.exports = route;",
      ),
      "lib/request.js": lines(
        "const req = Object.create(null);",
        "defineGetter(req, 'protocol', function protocol() {",
        "  return this.secure ? 'https' : 'http';",
        "});",
        "defineGetter(req, 'secure', function () {",
        "  return true;",
        "});",
        "Object.defineProperty(req, 'stale', { get: function () { return !this.fresh; } });",
        "Object.defineProperty(req, 'limit', { value: function limit() { return 1; } });",
        "function defineGetter(obj, name, getter) {",
        "  Object.defineProperty(obj, name, { configurable: true, get: getter });",
        "}",
        "module.exports = req;",
      ),
      "lib/cart.js": lines(
        "class Cart {",
        "  get total() { return 1; }",
        "  count() { return 2; }",
        "}",
        "module.exports = Cart;",
      ),
      "lib/hooks.js": lines(
        "class Hooks {",
        "  constructor() {",
        "    this.hook = this.hook.bind(this);",
        "    this.on = this.hook.bind(this);",
        "  }",
        "  hook(name) { return name; }",
        "}",
        "module.exports = Hooks;",
      ),
      "lib/footer.js": lines(
        "function defaultLabel(n) { return 'back ' + n; }",
        "function otherLabel(n) { return n; }",
        "function footer(options) {",
        "  const label = options.label || defaultLabel;",
        "  let pick = options.pick ?? otherLabel;",
        "  pick = options.other;",
        "  return label(1) + pick(2);",
        "}",
        "module.exports = footer;",
      ),
      "pkg/footer.py": lines(
        "def default_label(n):",
        "    return n",
        "",
        "",
        "def footer(options):",
        "    label = options.get('label') or default_label",
        "    return label(1)",
      ),
      "test/request.test.js": lines(
        'const req = require("../lib/request");',
        'const Cart = require("../lib/cart");',
        'it("reads the protocol", () => {',
        "  const cart = new Cart();",
        "  return [req.protocol, cart.total, cart.count, req.limit, req.missing];",
        "});",
      ),
    });
    index = await buildIndex(repo.root, { cache: null });
  });
  afterAll(() => repo.cleanup());

  it("resolves `x.m.bind(x)` and `f.call(...)` to the function they hand on or run", () => {
    expect(targetsAt(index, "lib/router.js", 7)).toContain("lib/route.js#Route.dispatch@2");
    expect(targetsAt(index, "lib/router.js", 9)).toContain("lib/router.js#logerror@3");
  });

  it("gives `.bind` on a value that is not a function no edge to that value", () => {
    expect(
      index.calls.filter((c) => c.file === "lib/router.js" && c.line === 8).map((c) => c.calleeName),
    ).toEqual(["server.bind"]);
    expect(targetsAt(index, "lib/router.js", 8)).toEqual([null]);
  });

  it("gives `this.m = this.m.bind(this)` no edge: nothing runs m there, the copy only replaces it", () => {
    expect(index.calls.filter((c) => c.file === "lib/hooks.js" && c.line === 3)).toEqual([]);
    // Bound under another name, the method is handed on: still a use of it.
    expect(targetsAt(index, "lib/hooks.js", 4)).toEqual(["lib/hooks.js#Hooks.hook@6"]);
  });

  it("names a function given to a helper with an object and a string as that object's accessor", () => {
    const protocol = symbolNamed(index, "req.protocol");
    expect([protocol.kind, protocol.startLine, protocol.endLine, protocol.accessor]).toEqual([
      "method",
      2,
      4,
      true,
    ]);
    expect(symbolNamed(index, "req.secure").accessor).toBe(true);
    expect(symbolNamed(index, "req.stale").accessor).toBe(true);
  });

  it("does not take Object.defineProperty's `value` for a getter", () => {
    expect(index.symbols.some((s) => s.qualifiedName === "req.limit")).toBe(false);
  });

  it("binds a read of an accessor property to its getter, and no read of a plain property or method", () => {
    // A class's `get total()` is left out: its reads lost more than they gained (RESULTS.md, session 41).
    expect(targetsAt(index, "test/request.test.js", 5)).toEqual(["lib/request.js#req.protocol@2"]);
    // `this.secure` inside the protocol getter runs the secure getter.
    expect(targetsAt(index, "lib/request.js", 3)).toEqual(["lib/request.js#req.secure@5"]);
    expect(targetsAt(index, "lib/request.js", 8)).toEqual([null]);
  });

  it("resolves a call through `f = a || g` to g, and not through a variable bound twice", () => {
    expect(targetsAt(index, "lib/footer.js", 7)).toEqual(["lib/footer.js#defaultLabel@1", null]);
    expect(targetsAt(index, "pkg/footer.py", 7)).toEqual(["pkg/footer.py#default_label@1"]);
  });
});
