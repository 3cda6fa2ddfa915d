; TSX additions: <Component /> is a use of Component (lower-case names are HTML tags).
(jsx_opening_element name: (_) @callee (#match? @callee "^[A-Z]")) @reference.call
(jsx_self_closing_element name: (_) @callee (#match? @callee "^[A-Z]")) @reference.call
