"""Ground truth helpers for the explain bench, for Python repositories (run by bench/explain-truth.ts).

  python-truth.py symbols FILE...      functions, methods and classes of each file (ast), as JSON
  python-truth.py trace OUT ARGS...    runs pytest with ARGS and writes which functions were entered
  python-truth.py trace-session OUT ARGS...   the same for many test files in one session, per file

The trace is the standard library's trace hook, so it needs nothing installed beyond pytest. A
function counts as executed when its code object was entered; it is named by its file and first
line (the first decorator's line for a decorated function, as CPython reports it).
"""
import ast
import json
import os
import sys


def symbols(paths):
    out = []
    for path in paths:
        try:
            tree = ast.parse(open(path, encoding="utf-8").read(), path)
        except (SyntaxError, UnicodeDecodeError, OSError):
            continue

        def visit(node, parent):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    is_class = isinstance(child, ast.ClassDef)
                    first = min([d.lineno for d in child.decorator_list] + [child.lineno])
                    qualified = f"{parent}.{child.name}" if parent else child.name
                    out.append({
                        "file": path,
                        "name": child.name,
                        "qualifiedName": qualified,
                        "kind": "class" if is_class else ("method" if parent and parent_is_class[parent] else "function"),
                        "start": child.lineno,
                        "firstLine": first,
                        "end": child.end_lineno,
                        "parent": parent,
                        "topLevel": node is tree,
                    })
                    parent_is_class[qualified] = is_class
                    visit(child, qualified)
                elif isinstance(child, (ast.Assign, ast.AnnAssign)) and node is tree:
                    targets = child.targets if isinstance(child, ast.Assign) else [child.target]
                    for t in targets:
                        if isinstance(t, ast.Name):
                            out.append({
                                "file": path, "name": t.id, "qualifiedName": t.id, "kind": "variable",
                                "start": child.lineno, "firstLine": child.lineno, "end": child.end_lineno,
                                "parent": None, "topLevel": True,
                            })
                elif not isinstance(child, (ast.expr,)):
                    visit(child, parent)

        parent_is_class = {}
        visit(tree, None)
    json.dump(out, sys.stdout)


def trace(out, args):
    import pytest

    entered = set()
    root = os.getcwd() + os.sep

    # A global trace function sees each Python call once and, returning None, traces no lines:
    # far cheaper than a profile hook, which also fires for every C call.
    def hook(frame, event, arg):
        code = frame.f_code
        if code.co_filename.startswith(root):
            entered.add((code.co_filename[len(root):], code.co_firstlineno, code.co_name))
        return None

    import threading
    sys.settrace(hook)
    threading.settrace(hook)
    try:
        status = pytest.main(args)
    finally:
        sys.settrace(None)
        threading.settrace(None)
    with open(out, "w") as f:
        json.dump({"status": int(status), "entered": sorted(entered)}, f)


def trace_session(out, args):
    """One pytest session for many test files, entries kept per test file (the file of the test
    running, or the module being collected, when a function was entered). What runs outside both
    (conftest, the package's import) every file's own run would also have run: it counts for all."""
    import pytest

    root = os.getcwd() + os.sep
    shared = set()
    by_file = {}
    failed = set()
    current = [shared]

    def hook(frame, event, arg):
        code = frame.f_code
        if code.co_filename.startswith(root):
            current[0].add((code.co_filename[len(root):], code.co_firstlineno, code.co_name))
        return None

    class PerFile:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_protocol(self, item, nextitem):
            current[0] = by_file.setdefault(item.nodeid.split("::")[0], set())
            yield
            current[0] = shared

        @pytest.hookimpl(hookwrapper=True)
        def pytest_make_collect_report(self, collector):
            # a test module's import and parametrisation belong to that file's own run
            if isinstance(collector, pytest.Module):
                current[0] = by_file.setdefault(collector.nodeid.split("::")[0], set())
            yield
            current[0] = shared

        def pytest_runtest_logreport(self, report):
            if report.failed:
                failed.add(report.nodeid.split("::")[0])

        def pytest_collectreport(self, report):
            if report.failed:
                failed.add(report.nodeid.split("::")[0])

    import threading
    sys.settrace(hook)
    threading.settrace(hook)
    try:
        status = pytest.main(args, plugins=[PerFile()])
    finally:
        sys.settrace(None)
        threading.settrace(None)
    files = {f: sorted(e | shared) for f, e in by_file.items()}
    with open(out, "w") as f:
        json.dump({"status": int(status), "files": files, "failed": sorted(failed)}, f)


if __name__ == "__main__":
    if sys.argv[1] == "symbols":
        symbols(sys.argv[2:])
    elif sys.argv[1] == "trace":
        trace(sys.argv[2], sys.argv[3:])
    elif sys.argv[1] == "trace-session":
        trace_session(sys.argv[2], sys.argv[3:])
