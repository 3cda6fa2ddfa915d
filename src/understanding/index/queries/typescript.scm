; TypeScript additions to ecmascript.scm (also used for TSX).
(interface_declaration name: (_) @name) @definition.interface
(type_alias_declaration name: (_) @name) @definition.type
(enum_declaration name: (_) @name) @definition.type
(abstract_class_declaration name: (_) @name) @definition.class
(internal_module name: (_) @name) @definition.module
(module name: (_) @name) @definition.module
(function_signature name: (_) @name) @definition.function
(method_signature name: (_) @name) @definition.method
(abstract_method_signature name: (_) @name) @definition.method
(public_field_definition
  name: (_) @name
  value: [(arrow_function) (function_expression)]) @definition.method

; import fs = require("fs")
(import_statement
  (import_require_clause (identifier) @import.namespace source: (string (string_fragment) @import.source))) @import
