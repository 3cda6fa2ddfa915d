// Asks a Python package index which versions each project has, with the simple repository API:
// PEP 691 JSON when the index speaks it, PEP 503 HTML otherwise. Versions come from the file names;
// a version all of whose files are yanked (PEP 592) counts as yanked. A 404, a 5xx after the retries
// or a timeout stops the upgrade with a message naming the project and the index (never its
// credentials); nothing has been changed at that point.
import { RegistryError } from "./fetch-package-versions.ts";
import { z } from "zod";
import type { PackageVersions } from "./plan-updates.ts";
import { pythonVersionOfFile } from "./python-version-of-file.ts";
import { normalizePythonName } from "./python-requirement.ts";
import { fetchEachByName } from "./fetch-each-by-name.ts";

export interface PythonIndexOptions {
  /** The simple index URL (pip's `index-url`), e.g. https://host/simple/ */
  indexUrl: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  retries: number;
}

const json691 = "application/vnd.pypi.simple.v1+json";
const pep691 = z.object({
  files: z.array(z.object({ filename: z.string(), yanked: z.union([z.boolean(), z.string()]).optional() })),
});
const concurrency = 8;

export async function fetchPythonVersions(
  names: readonly string[],
  options: PythonIndexOptions,
): Promise<Map<string, PackageVersions>> {
  return fetchEachByName(names, concurrency, (name) => fetchOne(name, options));
}

async function fetchOne(name: string, options: PythonIndexOptions): Promise<PackageVersions> {
  const { url, headers, shown } = projectRequest(options.indexUrl, normalizePythonName(name));
  const response = await getWithRetries(url, headers, options, `${name} from ${shown}`);
  const type = response.headers.get("content-type") ?? "";
  const body = await response.text();
  const files = type.includes(json691) ? filesOfJson(body, name, shown) : filesOfHtml(body);
  const byVersion = new Map<string, boolean>();
  for (const file of files) {
    const version = pythonVersionOfFile(file.filename, name);
    if (version === null) continue;
    // Yanked only when every file of the version is (PEP 592).
    byVersion.set(version, (byVersion.get(version) ?? true) && file.yanked);
  }
  return {
    name,
    latest: null,
    versions: [...byVersion].map(([version, yanked]) => ({ version, deprecated: yanked })),
  };
}

async function getWithRetries(
  url: string,
  headers: Record<string, string>,
  options: PythonIndexOptions,
  what: string,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    let failure: string;
    try {
      const response = await options.fetch(url, {
        headers: { ...headers, accept: `${json691}, text/html;q=0.1` },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.ok) return response;
      await response.body?.cancel();
      if (response.status === 404)
        throw new RegistryError(
          `index answered 404 (no such project) while reading ${what}; check the name in the requirements`,
        );
      failure = `index answered HTTP ${response.status}`;
      if (response.status < 500 && response.status !== 429) attempt = options.retries;
    } catch (err) {
      if (err instanceof RegistryError) throw err;
      const timedOut = err instanceof DOMException && err.name === "TimeoutError";
      failure = timedOut
        ? `index did not answer within ${options.timeoutMs} ms`
        : `index request failed (${err instanceof Error ? err.message : String(err)})`;
    }
    if (attempt >= options.retries)
      throw new RegistryError(
        `${failure} while reading ${what}; check that the index is reachable, then retry`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
  }
}

// Node's fetch refuses a URL with credentials: they go into an Authorization header instead, and
// the URL shown in messages is the index's origin and path without them.
function projectRequest(indexUrl: string, project: string) {
  const base = new URL(indexUrl.endsWith("/") ? indexUrl : `${indexUrl}/`);
  const headers: Record<string, string> = {};
  if (base.username !== "" || base.password !== "") {
    const user = decodeURIComponent(base.username);
    const pass = decodeURIComponent(base.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
    base.username = "";
    base.password = "";
  }
  return { url: new URL(`${project}/`, base).href, headers, shown: base.href };
}

interface IndexFile {
  filename: string;
  yanked: boolean;
}

function filesOfJson(body: string, name: string, shown: string): IndexFile[] {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch (err) {
    throw new RegistryError(
      `${shown} answered for ${name} with JSON that does not parse; check the index URL`,
      {
        cause: err,
      },
    );
  }
  const parsed = pep691.safeParse(raw);
  if (!parsed.success)
    throw new RegistryError(`${shown} answered for ${name} with no PEP 691 file list; check the index URL`);
  return parsed.data.files.map((f) => ({
    filename: f.filename,
    yanked: f.yanked !== undefined && f.yanked !== false,
  }));
}

// PEP 503: one anchor per file, its text the file name; PEP 592 marks a yanked one with data-yanked.
function filesOfHtml(body: string): IndexFile[] {
  const files: IndexFile[] = [];
  for (const match of body.matchAll(/<a\b([^>]*)>([^<]*)<\/a>/gi)) {
    const attributes = match[1] ?? "";
    files.push({
      filename: decodeEntities((match[2] ?? "").trim()),
      yanked: /\sdata-yanked(?:\s*=|\s|$)/i.test(attributes),
    });
  }
  return files;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}
