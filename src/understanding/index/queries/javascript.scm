; JavaScript-only patterns (the JS grammar names class fields `field_definition`).
(field_definition
  property: (property_identifier) @name
  value: [(arrow_function) (function_expression)]) @definition.method

; JSX: <Component /> is a use of Component (lower-case names are HTML tags).
(jsx_opening_element name: (_) @callee (#match? @callee "^[A-Z]")) @reference.call
(jsx_self_closing_element name: (_) @callee (#match? @callee "^[A-Z]")) @reference.call
