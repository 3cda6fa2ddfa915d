// Python line coverage with the standard library only: a sitecustomize.py on PYTHONPATH that every
// interpreter in the run imports at startup. It traces lines in the repository (sys.monitoring on
// 3.12+, sys.settrace before) and writes `py-<pid>.json` beside its folder when the process exits.
// Per test: a pytest plugin it registers (PYTEST_PLUGINS) and a wrapper of unittest's TestCase.run
// give each test its own lines and outcome, so the spectrum counts tests, not processes.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readCoverageJson } from "./read-coverage-json.ts";
import {
  calleeKey,
  OUTSIDE,
  type CoverageByFile,
  type CoverageRecords,
  type TestCoverage,
} from "./v8-coverage-lines.ts";

export const pythonTracerSource = String.raw`# Written by xihe (dynamic localization): which repository lines ran in this process.
import atexit, json, os, sys, threading
_out = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_root = os.path.dirname(_out) + os.sep
_hits = {}
# The test command's own PYTHONPATH entries (the env slot is taken by this folder), root-relative.
try:
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "xihe-path.txt")) as _f:
        for _entry in reversed([l for l in _f.read().split("\n") if l]):
            sys.path.insert(1, os.path.join(_root, _entry))
except FileNotFoundError:
    pass
_keep_cache = {}

def _keep(name):
    keep = _keep_cache.get(name)
    if keep is None:
        keep = (name.startswith(_root) and not name.startswith(_out + os.sep)
                and "site-packages" not in name and "dist-packages" not in name)
        _keep_cache[name] = keep
    return keep

def _add(name, line):
    lines = _hits.get(name)
    if lines is None:
        lines = _hits[name] = set()
    lines.add(line)

# Who called each repository protocol method (per code object: the nearest repository frame's file and
# line, None when no repository frame is on the stack), up to _SITES distinct sites: a method the failing tests reach only from their own
# lines or from the test framework reads the result (localize/dynamic/result-reads.ts).
_calls = {}
_SITES = 16

def _called(frame):
    code = frame.f_code
    # Only protocol methods (__bool__, __eq__, __repr__): any other method a test line calls is named
    # on it, so its callers could not make it a result read, and recording every call doubled the
    # tracer's cost on call-heavy tests.
    # True: nothing more to record for this code (sys.monitoring then disables its PY_START).
    name = code.co_name
    if name[0] != "_" or name[1:2] != "_":
        return True
    sites = _calls.get(code)
    if sites is None:
        sites = _calls[code] = set()
    elif len(sites) >= _SITES:
        return True
    # The nearest repository frame: the standard library between (functools.total_ordering's
    # methods, unittest's assertEqual) is skipped; a stack with none is the test framework's own.
    back = frame.f_back
    while back is not None and not _keep(back.f_code.co_filename):
        back = back.f_back
    sites.add((back.f_code.co_filename, back.f_lineno) if back is not None else None)
    return False

if hasattr(sys, "monitoring"):
    _m = sys.monitoring
    _tool = _m.COVERAGE_ID
    _m.use_tool_id(_tool, "xihe")
    def _line(code, line):
        if _keep(code.co_filename):
            _add(code.co_filename, line)
        return _m.DISABLE
    def _start(code, offset):
        if not _keep(code.co_filename) or _called(sys._getframe(1)):
            return _m.DISABLE
    _m.register_callback(_tool, _m.events.LINE, _line)
    _m.register_callback(_tool, _m.events.PY_START, _start)
    _m.set_events(_tool, _m.events.LINE | _m.events.PY_START)
else:
    def _local(frame, event, arg):
        if event == "line":
            _add(frame.f_code.co_filename, frame.f_lineno)
        return _local
    def _global(frame, event, arg):
        if event == "call" and _keep(frame.f_code.co_filename):
            _add(frame.f_code.co_filename, frame.f_lineno)
            _called(frame)
            return _local
        return None
    sys.settrace(_global)
    threading.settrace(_global)

# Per test: lines go to the running test's own table; sys.monitoring re-arms the lines it disabled.
_process_hits = _hits
_process_calls = _calls
_tests = []
_current = None

def xihe_begin(test_id):
    global _hits, _calls, _current
    if _current is not None:
        return False
    _current = {"id": test_id, "failed": False}
    _hits = {}
    _calls = {}
    if hasattr(sys, "monitoring"):
        sys.monitoring.restart_events()
    return True

def xihe_failed():
    if _current is not None:
        _current["failed"] = True

def xihe_end():
    global _hits, _calls, _current
    if _current is None:
        return
    _current["files"] = _relative(_hits)
    _current["calls"] = _callers(_calls)
    _tests.append(_current)
    _current = None
    _hits = _process_hits
    _calls = _process_calls

def _relative(hits):
    return {os.path.relpath(k, _root): sorted(v) for k, v in hits.items()}

# Per callee file: [first line, name, [[caller file or None outside the repository, line], ...]].
def _callers(calls):
    out = {}
    for code, sites in calls.items():
        if not _keep(code.co_filename):
            continue
        rows = [[os.path.relpath(s[0], _root), s[1]] if s is not None and _keep(s[0]) else [None, 0]
                for s in sites]
        out.setdefault(os.path.relpath(code.co_filename, _root), []).append(
            [code.co_firstlineno, code.co_name, rows])
    return out

os.environ["PYTEST_PLUGINS"] = ",".join(
    p for p in (os.environ.get("PYTEST_PLUGINS", ""), "xihe_pytest_plugin") if p)

try:
    import unittest.case as _case
    _run = _case.TestCase.run
    def _run_one(self, result=None):
        if not xihe_begin(self.id()):
            return _run(self, result)
        before = _bad(result)
        try:
            out = _run(self, result)
            if _bad(result if result is not None else out) > before:
                xihe_failed()
            return out
        finally:
            xihe_end()
    def _bad(result):
        if result is None:
            return 0
        return len(getattr(result, "failures", ())) + len(getattr(result, "errors", ())) + len(
            getattr(result, "unexpectedSuccesses", ()))
    _case.TestCase.run = _run_one
except Exception:
    pass

@atexit.register
def _write():
    xihe_end()
    with open(os.path.join(_out, "py-%d.json" % os.getpid()), "w") as f:
        json.dump({"files": _relative(_process_hits), "calls": _callers(_process_calls),
                   "tests": _tests}, f)
`;

/** Loaded by pytest through PYTEST_PLUGINS: each test item's protocol is one traced test. */
export const pytestPluginSource = String.raw`# Written by xihe (dynamic localization): one traced test per pytest item.
import sys
import pytest

_tracer = sys.modules.get("sitecustomize")

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    began = _tracer is not None and hasattr(_tracer, "xihe_begin") and _tracer.xihe_begin(item.nodeid)
    try:
        yield
    finally:
        if began:
            _tracer.xihe_end()

def pytest_runtest_logreport(report):
    if report.failed and _tracer is not None and hasattr(_tracer, "xihe_failed"):
        _tracer.xihe_failed()
`;

const lineTable = z.record(z.string(), z.array(z.number().int()));
// Per callee file: [first line, name, [[caller file, or null outside the repository, line], ...]].
const callTable = z.record(
  z.string(),
  z.array(
    z.tuple([z.number().int(), z.string(), z.array(z.tuple([z.string().nullable(), z.number().int()]))]),
  ),
);
const pyFile = z.object({
  files: lineTable,
  calls: callTable.optional(),
  tests: z
    .array(z.object({ id: z.string(), failed: z.boolean(), files: lineTable, calls: callTable.optional() }))
    .optional(),
});

/**
 * What the run's Python processes executed: per test where a test ran (pytest items, unittest
 * methods), and `outside`: the lines of processes that ran no test (a subprocess a test started)
 * and what test processes ran outside their tests (imports, collection), shared by every test.
 */
export function readPythonCoverage(dir: string): CoverageRecords {
  const outside: CoverageByFile = new Map();
  const tests: TestCoverage[] = [];
  for (const name of readdirSync(dir).filter((n) => /^py-\d+\.json$/.test(n))) {
    const parsed = pyFile.safeParse(readCoverageJson(join(dir, name)));
    if (!parsed.success) continue;
    const own = parsed.data.tests ?? [];
    for (const t of own)
      tests.push({ id: t.id, failed: t.failed, coverage: addCalls(addLines(new Map(), t.files), t.calls) });
    addCalls(addLines(outside, parsed.data.files), parsed.data.calls);
  }
  return { outside, tests };
}

function addLines(out: CoverageByFile, files: Record<string, number[]>): CoverageByFile {
  for (const [file, lines] of Object.entries(files)) {
    const rel = file.split("\\").join("/");
    if (rel.startsWith("../")) continue;
    const entry = out.get(rel) ?? { lines: new Set<number>(), functionNames: new Set<string>() };
    for (const line of lines) entry.lines.add(line);
    out.set(rel, entry);
  }
  return out;
}

function addCalls(out: CoverageByFile, calls: z.infer<typeof callTable> | undefined): CoverageByFile {
  for (const [file, rows] of Object.entries(calls ?? {})) {
    const rel = file.split("\\").join("/");
    if (rel.startsWith("../")) continue;
    const entry = out.get(rel) ?? { lines: new Set<number>(), functionNames: new Set<string>() };
    const callers = entry.callers ?? new Map<string, Set<string>>();
    for (const [firstLine, name, sites] of rows) {
      const key = calleeKey(firstLine, name);
      const into = callers.get(key) ?? new Set<string>();
      for (const [caller, line] of sites)
        into.add(caller === null ? OUTSIDE : `${caller.split("\\").join("/")}:${line}`);
      callers.set(key, into);
    }
    entry.callers = callers;
    out.set(rel, entry);
  }
  return out;
}
