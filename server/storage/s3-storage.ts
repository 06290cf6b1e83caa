import type { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { CACHE_CONTROL, type Storage } from "./storage.ts";

export type S3Options = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/**
 * S3-compatible storage, path-style, public-read objects (exercise media is not personal data).
 * The AWS SDK (about 300 ms and tens of MB) loads on first use, not at start-up (docs/decisions/021).
 */
export function s3Storage(options: S3Options): Storage {
  let sdk: Promise<{ client: S3Client; s3: typeof import("@aws-sdk/client-s3") }> | undefined;
  const loaded = () => {
    sdk ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        endpoint: options.endpoint,
        region: options.region,
        forcePathStyle: Boolean(options.endpoint),
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      }),
    }));
    return sdk;
  };
  const base = options.endpoint
    ? `${options.endpoint.replace(/\/$/, "")}/${options.bucket}`
    : `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
  return {
    backend: "s3",
    bucket: options.bucket,
    mediaOrigins: [new URL(base).origin],
    async check() {
      try {
        const { client, s3 } = await loaded();
        await client.send(new s3.HeadBucketCommand({ Bucket: options.bucket }));
        return true;
      } catch {
        return false;
      }
    },
    async setup() {
      const { client, s3 } = await loaded();
      try {
        await client.send(new s3.HeadBucketCommand({ Bucket: options.bucket }));
      } catch {
        await client.send(new s3.CreateBucketCommand({ Bucket: options.bucket }));
      }
      const policy = {
        Version: "2012-10-17",
        Statement: [
          // Public: exercise media only. Group session materials (PRIVATE_FOLDER) are read through the app.
          {
            Effect: "Allow",
            Principal: "*",
            Action: ["s3:GetObject"],
            Resource: [`arn:aws:s3:::${options.bucket}/media/*`, `arn:aws:s3:::${options.bucket}/thumbnails/*`],
          },
        ],
      };
      await client
        .send(new s3.PutBucketPolicyCommand({ Bucket: options.bucket, Policy: JSON.stringify(policy) }))
        .catch(() => {}); // Some S3-compatible stores manage access elsewhere.
    },
    async put(key, body: Readable, contentType) {
      // Multipart upload from the stream: the file is never held whole in memory.
      const [{ client }, { Upload }] = await Promise.all([loaded(), import("@aws-sdk/lib-storage")]);
      const upload = new Upload({
        client,
        params: {
          Bucket: options.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
          IfNoneMatch: "*",
        },
        queueSize: 2,
        partSize: 8 * 1024 * 1024,
      });
      await upload.done();
    },
    async remove(key) {
      const { client, s3 } = await loaded();
      await client.send(new s3.DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    async get(key) {
      const { client, s3 } = await loaded();
      const object = await client.send(new s3.GetObjectCommand({ Bucket: options.bucket, Key: key }));
      return object.Body as Readable;
    },
    publicUrl(key) {
      return `${base}/${key}`;
    },
  };
}
