// The run archive in S3-compatible object storage (AWS S3, MinIO, Alibaba OSS, Tencent COS): one
// object per run at PREFIX/date=…/repo=…/RUN.jsonl.gz, the same bytes the local archive writes. A PUT
// replaces the object whole, so a reader never sees half a file. Each attempt is bounded in time
// and not retried by the SDK: archiveEndedRun owns the retries and keeps them off the run's path.
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { RunRecord, StepRecord } from "../store/store.ts";
import { archiveFile, archivePath, type RunArchive } from "./run-archive.ts";

export interface S3Location {
  bucket: string;
  /** Key prefix without a trailing slash; "" for the bucket's root. */
  prefix: string;
}

export interface S3ArchiveOptions {
  region: string;
  /** For a non-AWS service (MinIO, OSS, COS): its URL. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  timeoutMs: number;
}

/** s3://bucket/prefix → its parts, or null when `location` is not an s3:// URL. */
export function parseS3Location(location: string): S3Location | null {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(location);
  if (!m) return null;
  return { bucket: m[1]!, prefix: (m[2] ?? "").replace(/^\/+|\/+$/g, "") };
}

export function s3RunArchive(location: S3Location, options: S3ArchiveOptions): RunArchive {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    maxAttempts: 1,
  });
  return {
    async write(run: RunRecord, steps: readonly StepRecord[]) {
      const key = location.prefix ? `${location.prefix}/${archivePath(run)}` : archivePath(run);
      await client.send(
        new PutObjectCommand({
          Bucket: location.bucket,
          Key: key,
          Body: await archiveFile(run, steps),
          ContentType: "application/x-ndjson",
          ContentEncoding: "gzip",
        }),
        { abortSignal: AbortSignal.timeout(options.timeoutMs) },
      );
    },
  };
}
