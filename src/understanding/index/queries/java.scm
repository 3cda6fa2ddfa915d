; Java. `static final` fields are constants.
(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.type
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(field_declaration
  (modifiers) @_modifiers
  declarator: (variable_declarator name: (identifier) @name)
  (#match? @_modifiers "static")
  (#match? @_modifiers "final")) @definition.constant

(import_declaration [(scoped_identifier) (identifier)] @import.source) @import

(method_invocation object: (_)? @call.receiver name: (identifier) @callee) @reference.call
(object_creation_expression type: (_) @callee) @reference.call
