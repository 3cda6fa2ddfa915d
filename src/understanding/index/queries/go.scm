; Go. A method's receiver type qualifies its name (`Cart.Remove`).
(function_declaration name: (identifier) @name) @definition.function
(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [
        (type_identifier) @receiver
        (pointer_type (type_identifier) @receiver)
        (generic_type type: (type_identifier) @receiver)
        (pointer_type (generic_type type: (type_identifier) @receiver))
      ]))
  name: (field_identifier) @name) @definition.method
(type_declaration (type_spec name: (type_identifier) @name type: (struct_type)) @definition.class)
(type_declaration (type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface)
(type_declaration (type_spec name: (type_identifier) @name) @definition.type)
(type_declaration (type_alias name: (type_identifier) @name) @definition.type)
(method_elem name: (field_identifier) @name) @definition.method
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))

(import_spec
  name: (_)? @import.namespace
  path: (interpreted_string_literal (interpreted_string_literal_content) @import.source)) @import

(call_expression function: (_) @callee) @reference.call
