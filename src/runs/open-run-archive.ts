// The run archive XIHE_ARCHIVE names: s3://bucket/prefix (S3-compatible storage) or a directory.
import { resolve } from "node:path";
import type { Env } from "../config.ts";
import { ConfigError } from "../errors.ts";
import { localRunArchive, type RunArchive } from "./run-archive.ts";
import { parseS3Location, s3RunArchive } from "./s3-run-archive.ts";

/** One attempt at an object store may take this long before it counts as failed (and is retried). */
const s3AttemptTimeoutMs = 30_000;

export function openRunArchive(
  env: Pick<
    Env,
    "XIHE_ARCHIVE" | "XIHE_ARCHIVE_S3_ENDPOINT" | "XIHE_ARCHIVE_S3_REGION" | "XIHE_ARCHIVE_S3_PATH_STYLE"
  >,
  location: string = env.XIHE_ARCHIVE,
  cwd: string = ".",
): RunArchive {
  if (!location.startsWith("s3:")) return localRunArchive(resolve(cwd, location));
  const s3 = parseS3Location(location);
  if (!s3)
    throw new ConfigError(`an s3 archive is s3://bucket/prefix (bucket in lower case); got "${location}"`, [
      { path: "XIHE_ARCHIVE", message: "not an s3://bucket/prefix URL" },
    ]);
  return s3RunArchive(s3, {
    region: env.XIHE_ARCHIVE_S3_REGION,
    endpoint: env.XIHE_ARCHIVE_S3_ENDPOINT,
    forcePathStyle: env.XIHE_ARCHIVE_S3_PATH_STYLE,
    timeoutMs: s3AttemptTimeoutMs,
  });
}
