// A local Python package index speaking the real simple-repository API (PEP 503 HTML, and PEP 691
// JSON when asked for it) for real wheels: one built here from source, others repacked from the
// distributions installed in this machine's python3 (pure-Python only), so pip installs in tests
// exercise pip itself. No wheel-building tool is assumed (setuptools without `wheel` can't build
// one): the wheel format is a zip with a dist-info that pip verifies, written by python3 here.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { basename } from "node:path";
import { execa } from "execa";

export interface FakePythonIndex {
  /** The simple index URL, e.g. http://127.0.0.1:PORT/simple/ */
  url: string;
  port: number;
  /** "GET /path" of every request served, in order. */
  requests: string[];
  close(): Promise<void>;
}

// Writes a wheel: argv = out dir, name, version, then a JSON object {archive path: text or a file
// path prefixed with "@"}; prints the wheel's path.
const wheelScript = `
import base64, csv, hashlib, io, json, os, sys, zipfile
out, name, version, files = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
dist = name.replace("-", "_") + "-" + version
info = dist + ".dist-info/"
def data(v):
    return open(v[1:], "rb").read() if v.startswith("@") else v.encode()
entries = {k: data(v) for k, v in files.items() if not k.startswith(info)}
for k, v in files.items():
    if k.startswith(info) and not k.endswith(("RECORD", "WHEEL", "INSTALLER", "REQUESTED", "direct_url.json")):
        entries[k] = data(v)
entries.setdefault(info + "METADATA", ("Metadata-Version: 2.1\\nName: %s\\nVersion: %s\\n" % (name, version)).encode())
entries[info + "WHEEL"] = b"Wheel-Version: 1.0\\nGenerator: xihe-test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"
record = io.StringIO(); w = csv.writer(record, lineterminator="\\n")
for k, v in entries.items():
    w.writerow([k, "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(v).digest()).rstrip(b"=").decode(), len(v)])
w.writerow([info + "RECORD", "", ""])
path = os.path.join(out, dist + "-py3-none-any.whl")
with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
    for k, v in entries.items(): z.writestr(k, v)
    z.writestr(info + "RECORD", record.getvalue())
print(path)
`;

// Lists the installed files of a distribution (inside site-packages, no bytecode) as the JSON above,
// named as its installed dist-info directory is (pip wants the wheel's to match).
const installedScript = `
import json, sys
from importlib.metadata import distribution
d = distribution(sys.argv[1])
files = {str(f): "@" + str(d.locate_file(f)) for f in d.files or [] if not str(f).startswith("..") and "__pycache__" not in str(f)}
info = next(k for k in files if ".dist-info/" in k).split(".dist-info/")[0]
print(json.dumps({"name": info.rsplit("-", 1)[0], "version": d.version, "files": files}))
`;

/** Builds a wheel of a tiny package from `files` (archive path → text). */
export async function buildWheel(
  outDir: string,
  name: string,
  version: string,
  files: Record<string, string>,
): Promise<string> {
  const { stdout } = await execa(
    "python3",
    ["-c", wheelScript, outDir, name, version, JSON.stringify(files)],
    { cwd: "/" },
  );
  return stdout.trim();
}

/** Repacks a pure-Python distribution installed in the host's python3 as a wheel. */
export async function repackInstalled(outDir: string, distribution: string): Promise<string> {
  const { stdout } = await execa("python3", ["-c", installedScript, distribution], { cwd: "/" });
  const dist = JSON.parse(stdout) as { name: string; version: string; files: Record<string, string> };
  return buildWheel(outDir, dist.name, dist.version, dist.files);
}

const normalize = (name: string): string => name.toLowerCase().replace(/[-_.]+/g, "-");
const projectOf = (wheel: string): string => normalize(basename(wheel).split("-")[0] ?? "");

export async function startFakePythonIndex(
  wheels: readonly string[],
  options: { yanked?: readonly string[] } = {},
): Promise<FakePythonIndex> {
  const requests: string[] = [];
  // PEP 592: a yanked file stays listed, marked (JSON `yanked`, HTML `data-yanked`).
  const isYanked = (path: string) => options.yanked?.includes(path) ?? false;
  const files = wheels.map((path) => {
    const bytes = readFileSync(path);
    return {
      name: basename(path),
      project: projectOf(path),
      yanked: isYanked(path),
      bytes,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    };
  });
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const file = files.find((f) => path === `/files/${f.name}`);
    if (file) return void res.writeHead(200, { "content-type": "application/octet-stream" }).end(file.bytes);
    const match = /^\/simple\/([^/]+)\/$/.exec(path);
    const project = match ? normalize(decodeURIComponent(match[1] ?? "")) : null;
    const listed = files.filter((f) => f.project === project);
    if (project === null || listed.length === 0) return void res.writeHead(404).end("not found\n");
    if ((req.headers.accept ?? "").includes("application/vnd.pypi.simple.v1+json")) {
      const body = {
        meta: { "api-version": "1.0" },
        name: project,
        files: listed.map((f) => ({
          filename: f.name,
          url: `/files/${f.name}`,
          hashes: { sha256: f.sha256 },
          ...(f.yanked ? { yanked: "broken release" } : {}),
        })),
      };
      return void res
        .writeHead(200, { "content-type": "application/vnd.pypi.simple.v1+json" })
        .end(JSON.stringify(body));
    }
    const links = listed
      .map(
        (f) =>
          `<a href="/files/${f.name}#sha256=${f.sha256}"${f.yanked ? ' data-yanked="broken release"' : ""}>${f.name}</a><br/>`,
      )
      .join("\n");
    res
      .writeHead(200, { "content-type": "text/html" })
      .end(`<!DOCTYPE html><html><body>\n${links}\n</body></html>\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/simple/`,
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The distributions pytest needs, repacked from the host's python3 (which must have pytest). */
export const pytestDists = ["pytest", "pluggy", "iniconfig", "packaging", "pygments"];

/**
 * The index the Python end-to-end tests install from: a small real dependency (`tinydep`, whose
 * `double` the fixture project imports) and pytest with its dependencies, as wheels under `wheelsDir`.
 */
export async function startPytestProjectIndex(
  wheelsDir: string,
  more: { wheels?: readonly string[]; yanked?: readonly string[] } = {},
): Promise<FakePythonIndex> {
  const tinydep = await buildWheel(wheelsDir, "tinydep", "1.0.0", {
    "tinydep/__init__.py": "def double(x):\n    return 2 * x\n",
  });
  const repacked = await Promise.all(pytestDists.map((d) => repackInstalled(wheelsDir, d)));
  return startFakePythonIndex([tinydep, ...repacked, ...(more.wheels ?? [])], { yanked: more.yanked });
}
