; Rust. `impl Type { ... }` is a scope that qualifies its functions (`Cart.remove`); use-trees
; are expanded in extract-file.ts.
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.method
(struct_item name: (type_identifier) @name) @definition.class
(union_item name: (type_identifier) @name) @definition.class
(enum_item name: (type_identifier) @name) @definition.type
(trait_item name: (type_identifier) @name) @definition.interface
(type_item name: (type_identifier) @name) @definition.type
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable
(mod_item name: (identifier) @name body: (_)) @definition.module
(macro_definition name: (identifier) @name) @definition.function
(impl_item
  type: [
    (type_identifier) @name
    (generic_type type: (type_identifier) @name)
    (scoped_type_identifier name: (type_identifier) @name)
  ]) @scope.impl

; `mod cart;` loads cart.rs
(mod_item name: (identifier) @import.source !body) @import
(use_declaration argument: (_) @import.use) @import

(call_expression function: (_) @callee) @reference.call
(macro_invocation macro: (_) @callee) @reference.call
