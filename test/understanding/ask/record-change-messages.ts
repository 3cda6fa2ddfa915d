// Written for recall-message-words.test.ts: a small record-diffing module whose `Change.describe`
// writes the sentence a person reads for a changed field, beside a `compare_records` whose name and
// doc comment carry more of the question's words but write no message. Not copied from any project.
import { lines } from "../make-repo.ts";

export const recordChangeMessages = {
  "recdiff/changes.py": lines(
    "class Change:",
    '    """One field that differs between two records."""',
    "",
    "    def __init__(self, field, old, new):",
    "        self.field = field",
    "        self.old = old",
    "        self.new = new",
    "",
    "    def describe(self):",
    "        if self.old is None:",
    '            return f"field {self.field} was added with value {self.new}"',
    '        return f"field {self.field} went from {self.old} to {self.new}"',
    "",
    "",
    "def compare_records(first, second):",
    '    """Compare two records field by field and list each field that changed between them."""',
    "    changed = []",
    "    for field in sorted(set(first) | set(second)):",
    "        if first.get(field) != second.get(field):",
    "            changed.append(Change(field, first.get(field), second.get(field)))",
    "    return changed",
    "",
    "",
    "def changed_fields(first, second):",
    '    """The names of the fields that changed between two records."""',
    "    return [c.field for c in compare_records(first, second)]",
  ),
};
