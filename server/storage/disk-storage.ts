import { createReadStream } from "node:fs";
import { access, mkdir, open, rm, unlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BUCKET, type Storage } from "./storage.ts";

/** Files under <root>/exercise-files, served by the app at /media/exercise-files/…. */
export function diskStorage(root: string): Storage {
  const bucketDir = path.join(root, BUCKET);
  const fileOf = (key: string) => {
    const full = path.resolve(bucketDir, key);
    if (!full.startsWith(`${path.resolve(bucketDir)}${path.sep}`)) throw new Error("key outside the bucket");
    return full;
  };
  return {
    backend: "disk",
    bucket: BUCKET,
    mediaOrigins: [],
    root,
    async check() {
      try {
        await access(bucketDir);
        const probe = path.join(bucketDir, ".probe");
        await writeFile(probe, "");
        await rm(probe);
        return true;
      } catch {
        return false;
      }
    },
    async setup() {
      await mkdir(path.join(bucketDir, "media"), { recursive: true });
      await mkdir(path.join(bucketDir, "thumbnails"), { recursive: true });
    },
    async put(key, body: Readable, _contentType, options) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // 'wx': fail rather than overwrite. Opened before the copy starts, so a refused upload's unlink below
      // always finds the file: a stream that opens lazily could create it after the unlink ran.
      const handle = await open(file, "wx");
      try {
        await pipeline(body, handle.createWriteStream());
        if (options?.modifiedAt) {
          // The file's times and its folder's (which a new entry would set to now) say only what was asked.
          await utimes(file, options.modifiedAt, options.modifiedAt);
          await utimes(path.dirname(file), options.modifiedAt, options.modifiedAt);
        }
      } catch (error) {
        await unlink(file).catch(() => {});
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async get(key) {
      const file = fileOf(key);
      await access(file);
      return createReadStream(file);
    },
    publicUrl(key) {
      return `/media/${BUCKET}/${key}`;
    },
  };
}
