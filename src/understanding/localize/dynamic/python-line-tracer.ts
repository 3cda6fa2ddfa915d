// Python line coverage with the standard library only: a sitecustomize.py on PYTHONPATH that every
// interpreter in the run imports at startup. It traces lines in the repository (sys.monitoring on
// 3.12+, sys.settrace before) and writes `py-<pid>.json` beside its folder when the process exits.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readCoverageJson } from "./read-coverage-json.ts";
import type { CoverageByFile } from "./v8-coverage-lines.ts";

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

if hasattr(sys, "monitoring"):
    _m = sys.monitoring
    _tool = _m.COVERAGE_ID
    _m.use_tool_id(_tool, "xihe")
    def _line(code, line):
        if _keep(code.co_filename):
            _add(code.co_filename, line)
        return _m.DISABLE
    _m.register_callback(_tool, _m.events.LINE, _line)
    _m.set_events(_tool, _m.events.LINE)
else:
    def _local(frame, event, arg):
        if event == "line":
            _add(frame.f_code.co_filename, frame.f_lineno)
        return _local
    def _global(frame, event, arg):
        if event == "call" and _keep(frame.f_code.co_filename):
            _add(frame.f_code.co_filename, frame.f_lineno)
            return _local
        return None
    sys.settrace(_global)
    threading.settrace(_global)

@atexit.register
def _write():
    files = {os.path.relpath(k, _root): sorted(v) for k, v in _hits.items()}
    with open(os.path.join(_out, "py-%d.json" % os.getpid()), "w") as f:
        json.dump({"files": files}, f)
`;

const pyFile = z.object({ files: z.record(z.string(), z.array(z.number().int())) });

export function readPythonCoverage(dir: string): CoverageByFile {
  const out: CoverageByFile = new Map();
  for (const name of readdirSync(dir).filter((n) => /^py-\d+\.json$/.test(n))) {
    const parsed = pyFile.safeParse(readCoverageJson(join(dir, name)));
    if (!parsed.success) continue;
    for (const [file, lines] of Object.entries(parsed.data.files)) {
      const rel = file.split("\\").join("/");
      if (rel.startsWith("../")) continue;
      const entry = out.get(rel) ?? { lines: new Set<number>(), functionNames: new Set<string>() };
      for (const line of lines) entry.lines.add(line);
      out.set(rel, entry);
    }
  }
  return out;
}
