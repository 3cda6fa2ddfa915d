; Patterns shared by the JavaScript, TypeScript and TSX grammars. Capture names are our contract
; with extract-file.ts: @definition.<kind> + @name, @reference.call + @callee, @import + @import.*,
; @export.name. A node matched by several definition patterns keeps the most specific kind.

; ---- definitions
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
(method_definition name: (_) @name) @definition.method

(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function

(program (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant))
(program (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable))
(program
  (export_statement
    declaration: (lexical_declaration (variable_declarator name: (identifier) @name) @definition.constant)))

; CommonJS: exports.f = function () {}, module.exports.f = () => {}
(assignment_expression
  left: (member_expression object: (_) @_exports property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)]
  (#match? @_exports "^(module\\.)?exports$")) @definition.function

; module.exports = function name () {} is the module itself: named by the function, and by
; `default` when anonymous (extract-file.ts renames the captured `exports`).
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (function_expression name: (identifier) @name)
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @definition.function
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @name)
  right: [(function_expression !name) (arrow_function)]
  (#eq? @_module "module")
  (#eq? @name "exports")) @definition.function

; export default function (node) {}, export default (x) => {}: the ES module itself, anonymous; named
; `default`, the name its importers bind it by (as `module.exports = function () {}` above).
(export_statement
  "default" @name
  value: [(function_expression !name) (generator_function !name) (arrow_function)] @definition.function)

; module.exports = internals.flatten = function () {}: the module itself, which its own file calls
; by the inner name; named by that (`internals.flatten`), and filed as `default` too (symbol-tables.ts).
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (assignment_expression
    left: (member_expression object: (identifier) @receiver property: (property_identifier) @name)
    right: [(function_expression) (arrow_function)])
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @definition.function

; module.exports = class Name {}, exports.Name = class Name {}: a class named by its own name (its
; methods are Name's, and `new Name()` in a file that requires it finds it).
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (class name: (_) @name) @definition.class
  (#eq? @_module "module")
  (#eq? @_exports "exports"))
(assignment_expression
  left: (member_expression object: (_) @_exports)
  right: (class name: (_) @name) @definition.class
  (#match? @_exports "^(module\\.)?exports$"))

; Object members holding functions: { parse: function () {}, run: () => {} } (methods written
; `run() {}` are method_definition above).
(pair key: (property_identifier) @name
  value: [(function_expression) (arrow_function)]) @definition.function

; Foo.prototype.bar = function () {}
(assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @receiver property: (property_identifier) @_proto)
    property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)]
  (#eq? @_proto "prototype")) @definition.method

; picomatch.test = (input, regex) => {}: a function's static member, assigned at the top level of
; the module (not `exports.x`/`module.x`, above; inside a function such an assignment is part of it).
(program
  (expression_statement
    (assignment_expression
      left: (member_expression object: (identifier) @receiver property: (property_identifier) @name)
      right: [(function_expression) (arrow_function)]) @definition.method)
  (#not-match? @receiver "^(module|exports)$")
  (#not-eq? @name "prototype"))

;; Accessors defined through a call: `defineGetter(req, 'protocol', function protocol () {})` (a
; helper given an object, a property name and a function) and `Object.defineProperty(req, 'ip',
; { get: function () {} })`. The function is the getter of that property on the object: named by
; the string, owned by the object, and a read of the property (`req.protocol`) runs it.
(call_expression
  arguments: (arguments
    . (identifier) @receiver
    . (string (string_fragment) @name)
    . [(function_expression) (arrow_function)] @definition.method @accessor .))
(call_expression
  function: (member_expression object: (identifier) @_object property: (property_identifier) @_define)
  arguments: (arguments
    . (identifier) @receiver
    . (string (string_fragment) @name)
    . (object (pair
        key: (property_identifier) @_get
        value: [(function_expression) (arrow_function)] @definition.method @accessor)))
  (#eq? @_object "Object")
  (#eq? @_define "defineProperty")
  (#eq? @_get "get"))

; ---- exports that name a symbol defined elsewhere in the file
(export_statement !source (export_clause (export_specifier name: (identifier) @export.name)))
(export_statement value: (identifier) @export.name)
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: [
    (identifier) @export.name
    (object [(shorthand_property_identifier) @export.name (pair value: (identifier) @export.name)])
  ]
  (#eq? @_module "module")
  (#eq? @_exports "exports"))

; ---- imports
(import_statement
  (import_clause (identifier) @import.default)
  source: (string (string_fragment) @import.source)) @import
(import_statement
  (import_clause (namespace_import (identifier) @import.namespace))
  source: (string (string_fragment) @import.source)) @import
(import_statement
  (import_clause (named_imports (import_specifier name: (_) @import.name !alias)))
  source: (string (string_fragment) @import.source)) @import
(import_statement
  (import_clause (named_imports (import_specifier name: (_) @import.original alias: (_) @import.alias)))
  source: (string (string_fragment) @import.source)) @import
(import_statement source: (string (string_fragment) @import.source)) @import
(export_statement source: (string (string_fragment) @import.source)) @import

; require("x"), const x = require("x"), const { a, b } = require("x"), import("x")
(call_expression
  function: (identifier) @_require
  arguments: (arguments . (string (string_fragment) @import.source))
  (#eq? @_require "require")) @import
(variable_declarator
  name: (identifier) @import.namespace
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @import.source)))
  (#eq? @_require "require")) @import
(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @import.name)
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @import.source)))
  (#eq? @_require "require")) @import
;  const { a: b } = require("x"), const b = require("x").a
(variable_declarator
  name: (object_pattern (pair_pattern key: (property_identifier) @import.original value: (identifier) @import.alias))
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string (string_fragment) @import.source)))
  (#eq? @_require "require")) @import
(variable_declarator
  name: (identifier) @import.alias
  value: (member_expression
    object: (call_expression
      function: (identifier) @_require
      arguments: (arguments . (string (string_fragment) @import.source)))
    property: (property_identifier) @import.original)
  (#eq? @_require "require")) @import
(call_expression
  function: (import)
  arguments: (arguments . (string (string_fragment) @import.source))) @import

; ---- call sites
(call_expression function: (_) @callee) @reference.call
(new_expression constructor: (_) @callee) @reference.call
; A function named as a value where it is handed on (an argument) or returned: `items.map(parse)`,
; `app.use(this.handle)`, `return wrapper`. extract-file.ts keeps the names that can be functions.
(arguments [(identifier) (member_expression)] @reference.value)
(return_statement [(identifier) (member_expression)] @reference.value)

; Property reads on a variable or `this` (`req.protocol`): a read of an accessor runs its getter.
; extract-file.ts drops the ones that are a call's callee or an assignment's target.
(member_expression object: [(identifier) (this)] property: (property_identifier)) @reference.read

; Test blocks are definitions named by their title, so a failing test has a range and callees:
; describe("Cart", () => { it("totals", () => {...}) }) gives `Cart` and `Cart.totals`; a template
; title (it(`parses ${input}`, ...) in a loop) keeps its text, `${input}` included.
(call_expression
  function: [(identifier) @_fn (member_expression object: (identifier) @_fn)]
  arguments: (arguments . [(string (string_fragment) @name) (template_string) @name] . [(arrow_function) (function_expression)])
  (#any-of? @_fn "describe" "it" "test" "suite" "context" "specify"
    "xdescribe" "fdescribe" "xit" "fit" "xtest" "xspecify" "xcontext")) @definition.function
; it.each(table)("adds $a", fn), test.each`table`("%s", fn), describe.each(...)(...): one block per
; title as written; the runner names each case by filling in the placeholders (named-test-location.ts).
(call_expression
  function: (call_expression
    function: (member_expression object: (identifier) @_fn property: (property_identifier) @_each))
  arguments: (arguments . [(string (string_fragment) @name) (template_string) @name] . [(arrow_function) (function_expression)])
  (#any-of? @_fn "describe" "it" "test" "suite" "context" "specify")
  (#eq? @_each "each")) @definition.function
