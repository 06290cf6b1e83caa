import path from "node:path";
import type { Env } from "#server/env.ts";
import { diskStorage } from "./disk-storage.ts";
import { s3Storage } from "./s3-storage.ts";
import { BUCKET, type Storage } from "./storage.ts";

/** S3 when S3_BUCKET or S3_ENDPOINT is set, else the disk under DATA_DIR/storage. */
export function openStorage(env: Env): Storage {
  if (env.S3_BUCKET || env.S3_ENDPOINT) {
    return s3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET ?? BUCKET,
      region: env.S3_REGION ?? "us-east-1",
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return diskStorage(path.join(env.DATA_DIR, "storage"));
}
