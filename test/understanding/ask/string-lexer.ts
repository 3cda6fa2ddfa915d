// A small lexer module whose helpers share the words "string" and "character": every one of them
// reads a string character by character, one of them warns about a line separator in it
// (recall-sibling-discrimination.test.ts). Written for these tests.
export const stringLexer: Record<string, string> = {
  "lexer/strings.py": `import warnings


def read_string_character(source, position):
    """Read the next character of a string literal, with its escape, and return the character and the new position."""
    character = source[position]
    if character == "\\\\":
        return read_escaped_character(source, position + 1)
    return character, position + 1


def read_escaped_character(source, position):
    """Read the character of a string escape: a letter, a digit or a quote."""
    character = source[position]
    return {"n": "\\n", "t": "\\t"}.get(character, character), position + 1


def quote_string_character(character):
    """Quote one character of a string for an error message."""
    return repr(character)


def check_code_point(character):
    """Warn about a line separator or a paragraph separator in a string literal."""
    if character in ("\\u2028", "\\u2029"):
        warnings.warn("separator %s in a string" % quote_string_character(character))
`,
  "lexer/numbers.py": `def read_number(source, position):
    """Read the digits of a number literal and return it with the new position."""
    end = position
    while end < len(source) and source[end].isdigit():
        end += 1
    return int(source[position:end]), end
`,
};
