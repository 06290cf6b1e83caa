/**
 * Upload types checked from the file's first bytes, never its name or the
 * browser's word: an HTML page renamed .pdf is refused. Limits per kind are
 * in MB and configurable (UPLOAD_MAX_*_MB).
 */
import { Readable } from "node:stream";
import { isImageTooLarge, readImageSize } from "#core/image-size.ts";

export type UploadKind = "video" | "audio" | "pdf" | "image";

type Signature = { mime: string; extension: string; test: (head: Buffer) => boolean };

const at = (head: Buffer, offset: number, ascii: string) =>
  head.subarray(offset, offset + ascii.length).toString("latin1") === ascii;

const signatures: Record<UploadKind, Signature[]> = {
  pdf: [{ mime: "application/pdf", extension: "pdf", test: (h) => at(h, 0, "%PDF-") }],
  image: [
    {
      mime: "image/png",
      extension: "png",
      test: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    },
    { mime: "image/jpeg", extension: "jpg", test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
    { mime: "image/webp", extension: "webp", test: (h) => at(h, 0, "RIFF") && at(h, 8, "WEBP") },
    { mime: "image/gif", extension: "gif", test: (h) => at(h, 0, "GIF87a") || at(h, 0, "GIF89a") },
  ],
  video: [
    { mime: "video/mp4", extension: "mp4", test: (h) => at(h, 4, "ftyp") && !at(h, 8, "M4A") && !at(h, 8, "qt  ") },
    { mime: "video/quicktime", extension: "mov", test: (h) => at(h, 4, "ftypqt  ") },
    {
      mime: "video/webm",
      extension: "webm",
      test: (h) => h.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
    },
    { mime: "video/ogg", extension: "ogv", test: (h) => at(h, 0, "OggS") },
  ],
  audio: [
    {
      mime: "audio/mpeg",
      extension: "mp3",
      test: (h) => at(h, 0, "ID3") || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0 && ((h[1] ?? 0) & 0x06) !== 0),
    },
    { mime: "audio/wav", extension: "wav", test: (h) => at(h, 0, "RIFF") && at(h, 8, "WAVE") },
    { mime: "audio/ogg", extension: "ogg", test: (h) => at(h, 0, "OggS") },
    { mime: "audio/mp4", extension: "m4a", test: (h) => at(h, 4, "ftypM4A") },
    { mime: "audio/flac", extension: "flac", test: (h) => at(h, 0, "fLaC") },
    { mime: "audio/aac", extension: "aac", test: (h) => h[0] === 0xff && ((h[1] ?? 0) & 0xf6) === 0xf0 },
  ],
};

export function detectType(kind: UploadKind, head: Buffer): Signature | null {
  return signatures[kind].find((signature) => signature.test(head)) ?? null;
}

/** How far into an image its pixel size may be (JPEG metadata can come first). */
const IMAGE_HEADER_MAX_BYTES = 512 * 1024;

export class UploadRejected extends Error {
  constructor(readonly reason: "type" | "size" | "dimensions") {
    super(reason);
  }
}

/**
 * Reads the first bytes of an upload to prove its type, then hands back the
 * whole stream with a size guard that errors (UploadRejected 'size') as soon
 * as `maxBytes` is passed, so nothing over the limit is ever stored.
 */
export async function sniffUpload(
  source: Readable,
  kind: UploadKind,
  maxBytes: number,
): Promise<{ signature: Signature; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  let ended = false;
  while (head.length < 16) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head = Buffer.concat([head, next.value]);
  }
  const signature = detectType(kind, head);
  if (!signature) {
    source.resume(); // let the rest of the request body drain
    throw new UploadRejected("type");
  }
  if (kind === "image") {
    // A JPEG's size sits after its metadata segments: read on until it shows, within reason.
    while (!ended && !readImageSize(head) && head.length < IMAGE_HEADER_MAX_BYTES) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else head = Buffer.concat([head, next.value]);
    }
    const size = readImageSize(head);
    if (!size || isImageTooLarge(size)) {
      source.resume();
      throw new UploadRejected("dimensions");
    }
  }
  // One stream: the generator stops with UploadRejected the moment the limit is passed.
  async function* everything() {
    let seen = head.length;
    if (seen > maxBytes) throw new UploadRejected("size");
    yield head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      seen += next.value.length;
      if (seen > maxBytes) throw new UploadRejected("size");
      yield next.value;
    }
  }
  return { signature, body: Readable.from(everything(), { objectMode: false }) };
}
