// pyflakes' shape: message classes with no behaviour of their own (`IfTuple`, `UndefinedName`), a
// class with a method of its own (`TupleCounter`), and the checks that report them. Shared by the
// record-class tests of recall and of the offline ranker (test/bench/ask-rank.test.ts).
import { lines } from "../make-repo.ts";

export const messages = lines(
  "class Message:",
  "    message = ''",
  "    def __init__(self, filename, loc):",
  "        self.filename = filename",
  "        self.lineno = loc.lineno",
  "    def __str__(self):",
  "        return '%s:%s: %s' % (self.filename, self.lineno, self.message)",
  "",
  "class IfTuple(Message):",
  '    """Conditional test is a non-empty tuple literal, which is always true."""',
  "    message = 'if tuple literal is always true, perhaps remove accidental comma?'",
  "",
  "class UndefinedName(Message):",
  '    """A name is used but never defined."""',
  "    message = 'undefined name %r'",
  "    def __init__(self, filename, loc, name):",
  "        Message.__init__(self, filename, loc)",
  "        self.message_args = (name,)",
  "",
  "class TupleCounter:",
  '    """Counts non-empty tuple literals that are always true."""',
  "    def count(self, node):",
  "        return len(node.elts)",
);

export const checker = lines(
  "from pkg import messages",
  "",
  "class Checker:",
  "    def IF(self, node):",
  "        if isinstance(node.test, ast.Tuple) and node.test.elts != []:",
  "            self.report(messages.IfTuple, node)",
  "        self.handleChildren(node)",
  "",
  "    def LOAD(self, node):",
  "        if node.id not in self.scope:",
  "            self.report(messages.UndefinedName, node, node.id)",
  "",
  "    def TUPLE(self, node):",
  "        self.counter = TupleCounter()",
  "",
  "    def DELETE(self, node):",
  "        if node.value.id not in self.scope:",
  "            self.report(messages.UndefinedName, node, node.value.id)",
);
