/**
 * Where uploaded exercise files live: local disk under DATA_DIR/storage
 * (default) or S3-compatible storage (S3_* variables). One small interface,
 * two implementations; edit when a backend needs a new operation.
 */
import type { Readable } from "node:stream";

export const BUCKET = "exercise-files";
export const CACHE_CONTROL = "public, max-age=3600";
export type Folder = "media" | "thumbnails" | "photos";

export interface Storage {
  readonly backend: "disk" | "s3";
  readonly bucket: string;
  /** Origins the browser must be allowed to load media from (CSP), beyond 'self'. */
  readonly mediaOrigins: string[];
  /** Disk only: the folder the app serves at /media/ (an S3 bucket serves itself). */
  readonly root?: string;
  /** Is the bucket there and usable? */
  check(): Promise<boolean>;
  /** Creates the bucket if needed (setup-storage). */
  setup(): Promise<void>;
  /**
   * Streams a new object; never overwrites (the key is fresh). Rejects if `body` errors. `modifiedAt`: the
   * time the file says it was written, for files whose real time would tell too much (disk only: S3 sets
   * its own; docs/decisions/063).
   */
  put(key: string, body: Readable, contentType: string, options?: { modifiedAt?: Date }): Promise<void>;
  remove(key: string): Promise<void>;
  /** Reads an object back, for files served only through the app (group session materials). */
  get(key: string): Promise<Readable>;
  publicUrl(key: string): string;
}

/** media/1763791200000-k3j9x2q1.pdf: a timestamp and a random suffix (spec 7). */
export function newKey(folder: Folder, extension: string): string {
  const suffix = Math.random().toString(36).slice(2, 10);
  return `${folder}/${Date.now()}-${suffix}.${extension}`;
}

/** Private files (group session materials, docs/decisions/024): never served at /media/, unguessable keys. */
export const PRIVATE_FOLDER = "materials";

/** NR-1 evidence files (docs/decisions/030): private like materials, read through /api/risks only. */
export const EVIDENCE_FOLDER = "evidence";

/** Attachments of the Canal de escuta (docs/decisions/052): private, read through /api/escuta only. */
export const LISTENING_FOLDER = "escuta";

/** Where evidence lived before 030 (`media/evidencia-<uuid>.pdf`): refused at /media/ until moved out. */
export const LEGACY_EVIDENCE_PREFIX = "media/evidencia-";
