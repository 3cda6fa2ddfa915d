; Python. Docstrings, decorators and `_private` names are handled in extract-file.ts.
(function_definition name: (identifier) @name) @definition.function
(class_definition name: (identifier) @name) @definition.class
(module (expression_statement (assignment left: (identifier) @name) @definition.constant))

(import_statement name: (dotted_name) @import.namespace @import.source) @import
(import_statement
  name: (aliased_import name: (dotted_name) @import.source alias: (identifier) @import.namespace)) @import
(import_from_statement module_name: (_) @import.source name: (dotted_name) @import.name) @import
(import_from_statement
  module_name: (_) @import.source
  name: (aliased_import name: (dotted_name) @import.original alias: (identifier) @import.alias)) @import
(import_from_statement module_name: (_) @import.source (wildcard_import)) @import

(call function: (_) @callee) @reference.call

; A function named as a value where it is handed on (an argument, a keyword argument's value) or
; returned: `cache(get_fields)(cls)`, `assertRaises(E, parse, s)`, `return wrapper`. extract-file.ts
; keeps the names that can be functions (function-values.ts).
(argument_list [(identifier) (attribute)] @reference.value)
(argument_list (keyword_argument value: [(identifier) (attribute)] @reference.value))
(return_statement [(identifier) (attribute)] @reference.value)
