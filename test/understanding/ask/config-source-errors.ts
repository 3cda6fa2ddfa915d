// A config reader's error module and its source module, written for this test in the shape the ask
// corpus keeps meeting (a YAML reader, a markdown lexer): a two-line `class ConfigError(Exception):
// pass` whose name is "error", beside the source's `fill`, which raises the error for the bytes it
// cannot decode (and, through `check_allowed`, the characters it refuses), and a short `peek`.
export const configSourceErrors: Record<string, string> = {
  "cfgread/errors.py": String.raw`__all__ = ["Spot", "ConfigError", "SpottedConfigError"]


class Spot:
    """Where a problem is: the source's name, the offset, line and column."""

    def __init__(self, name, offset, line, column, text):
        self.name = name
        self.offset = offset
        self.line = line
        self.column = column
        self.text = text

    def excerpt(self, width=72):
        if self.text is None:
            return None
        start = self.text.rfind("\n", 0, self.offset) + 1
        end = self.text.find("\n", self.offset)
        if end < 0:
            end = len(self.text)
        if end - start > width:
            start = max(start, self.offset - width // 2)
            end = min(end, start + width)
        caret = " " * (self.offset - start) + "^"
        return self.text[start:end] + "\n" + caret

    def __str__(self):
        where = '%s, line %d, column %d' % (self.name, self.line + 1, self.column + 1)
        excerpt = self.excerpt()
        return where if excerpt is None else where + ":\n" + excerpt


class ConfigError(Exception):
    pass


class SpottedConfigError(ConfigError):
    def __init__(self, problem, spot=None, hint=None):
        self.problem = problem
        self.spot = spot
        self.hint = hint

    def __str__(self):
        parts = [self.problem]
        if self.spot is not None:
            parts.append(str(self.spot))
        if self.hint is not None:
            parts.append(self.hint)
        return "\n".join(parts)
`,
  "cfgread/source.py": String.raw`__all__ = ["Source", "SourceError"]

import codecs
import re

from .errors import ConfigError, Spot


class SourceError(ConfigError):
    def __init__(self, name, offset, code, encoding, reason):
        self.name = name
        self.offset = offset
        self.code = code
        self.encoding = encoding
        self.reason = reason

    def __str__(self):
        return "%s: character #x%04x at offset %d of %s (%s)" % (
            self.reason, self.code, self.offset, self.name, self.encoding)


class Source:
    """The text of a config file, decoded as it is read, with the reading position."""

    CONTROL = re.compile("[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]")

    def __init__(self, stream):
        self.name = getattr(stream, "name", "<config>")
        self.stream = stream
        self.raw = b""
        self.text = ""
        self.pos = 0
        self.offset = 0
        self.line = 0
        self.column = 0
        self.done = False
        self.decode = None
        self.encoding = None
        self.detect_encoding()

    def peek(self, index=0):
        if self.pos + index >= len(self.text):
            self.fill(index + 1)
        return self.text[self.pos + index] if self.pos + index < len(self.text) else "\0"

    def take(self, length=1):
        self.fill(length)
        return self.text[self.pos:self.pos + length]

    def advance(self, length=1):
        self.fill(length + 1)
        for _ in range(length):
            ch = self.text[self.pos]
            self.pos += 1
            self.offset += 1
            if ch == "\n":
                self.line += 1
                self.column = 0
            else:
                self.column += 1

    def spot(self):
        return Spot(self.name, self.offset, self.line, self.column, self.text)

    def detect_encoding(self):
        while not self.done and len(self.raw) < 2:
            self.read_more()
        if self.raw.startswith(codecs.BOM_UTF16_LE):
            self.decode, self.encoding = codecs.utf_16_le_decode, "utf-16-le"
        elif self.raw.startswith(codecs.BOM_UTF16_BE):
            self.decode, self.encoding = codecs.utf_16_be_decode, "utf-16-be"
        else:
            self.decode, self.encoding = codecs.utf_8_decode, "utf-8"
        self.fill(1)

    def check_allowed(self, chunk):
        found = self.CONTROL.search(chunk)
        if found:
            character = found.group()
            offset = self.offset + (len(self.text) - self.pos) + found.start()
            raise SourceError(self.name, offset, ord(character), self.encoding,
                              "control characters are not allowed")

    def fill(self, length):
        self.text = self.text[self.pos:]
        self.pos = 0
        while len(self.text) < length and not (self.done and not self.raw):
            if not self.done:
                self.read_more()
            try:
                chunk, used = self.decode(self.raw, "strict", self.done)
            except UnicodeDecodeError as exc:
                raise SourceError(self.name, self.offset + exc.start, self.raw[exc.start],
                                  exc.encoding, exc.reason)
            self.check_allowed(chunk)
            self.text += chunk
            self.raw = self.raw[used:]
            if self.done and not self.raw:
                break

    def read_more(self, size=4096):
        data = self.stream.read(size)
        self.raw += data
        if not data:
            self.done = True
`,
};
