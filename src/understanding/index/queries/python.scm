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
