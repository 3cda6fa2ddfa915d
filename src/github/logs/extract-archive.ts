// Unpacks a run-logs zip (GET /repos/{owner}/{repo}/actions/runs/{run_id}/logs) into a directory,
// refusing anything hostile before a byte is written (threat A17): names that escape the directory
// (`../`, absolute, drive letters), symlink entries, too many entries, a suspicious compression ratio,
// too many bytes in total. Every rejection is a LogArchiveRejected naming the reason.
import { createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import yauzl from "yauzl";
import { LogArchiveRejected } from "./archive-rejected.ts";

export interface ArchiveLimits {
  maxEntries: number;
  maxTotalBytes: number;
  /** Uncompressed : compressed size above which an entry counts as a zip bomb. */
  maxRatio: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 2000,
  maxTotalBytes: 512 * 1024 * 1024,
  maxRatio: 200,
};

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export async function extractLogArchive(
  zipPath: string,
  destDir: string,
  limits = DEFAULT_ARCHIVE_LIMITS,
): Promise<string[]> {
  const zip = await openZip(zipPath);
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new LogArchiveRejected(`${zip.entryCount} entries, more than the ${limits.maxEntries} allowed`);
    }
    const written: string[] = [];
    let total = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const target = checkEntry(entry, destDir, limits);
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes)
        throw new LogArchiveRejected(`more than ${limits.maxTotalBytes} bytes uncompressed`);
      if (entry.fileName.endsWith("/")) {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(dirname(target), { recursive: true });
      await pipeline(
        await openEntry(zip, entry),
        byteLimit(entry.uncompressedSize),
        createWriteStream(target, { flags: "wx" }),
      );
      written.push(relative(destDir, target));
    }
    return written;
  } finally {
    zip.close();
  }
}

function checkEntry(entry: yauzl.Entry, destDir: string, limits: ArchiveLimits): string {
  const name = entry.fileName;
  if (name.includes("\\") || isAbsolute(name) || /^[A-Za-z]:/.test(name))
    throw new LogArchiveRejected(`absolute path ${JSON.stringify(name)}`);
  if (name.split("/").includes(".."))
    throw new LogArchiveRejected(`path traversal in ${JSON.stringify(name)}`);
  if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
    throw new LogArchiveRejected(`symlink entry ${JSON.stringify(name)}`);
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  if (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxRatio) {
    throw new LogArchiveRejected(
      `compression ratio ${Math.round(ratio)}:1 in ${JSON.stringify(name)} (limit ${limits.maxRatio}:1)`,
    );
  }
  const target = join(destDir, name);
  if (!target.startsWith(destDir + sep))
    throw new LogArchiveRejected(`path escapes the directory: ${JSON.stringify(name)}`);
  return target;
}

// The declared size is what the limits were checked against; a stream that yields more is lying.
function byteLimit(declared: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > declared) done(new LogArchiveRejected("an entry inflates beyond its declared size"));
      else done(null, chunk);
    },
  });
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    // yauzl refuses absolute and `..` names itself (its error becomes the reason); our checks add the rest.
    yauzl.open(
      path,
      {
        lazyEntries: true,
        autoClose: false,
        strictFileNames: false,
        decodeStrings: true,
        validateEntrySizes: true,
      },
      (err, zip) =>
        err || !zip
          ? reject(new LogArchiveRejected(`not a readable zip archive (${err?.message ?? "empty"})`))
          : resolve(zip),
    ),
  );
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.removeListener("entry", onEntry);
      zip.removeListener("end", onEnd);
      zip.removeListener("error", onError);
    };
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (
      cleanup(),
      reject(err instanceof LogArchiveRejected ? err : new LogArchiveRejected(err.message))
    );
    zip.once("entry", onEntry);
    zip.once("end", onEnd);
    zip.once("error", onError);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(new LogArchiveRejected(err?.message ?? "unreadable entry")) : resolve(stream),
    ),
  );
}
