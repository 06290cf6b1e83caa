/**
 * Files with metadata for the Canal de escuta's attachment tests, built by
 * hand (docs/decisions/052): a JPEG whose EXIF names its author and holds
 * GPS coordinates (plus XMP with a title and a comment), a PNG with tEXt and
 * tIME chunks, and a PDF with author, title and XMP.
 */
import { crc32, deflateSync } from "node:zlib";
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";

/** What the metadata says; a test proves none of it is in the stored file. */
export const SECRET_AUTHOR = "Marina Quintela";
export const SECRET_TITLE = "Relato da Marina";
export const SECRET_GPS = "GPSLatitude";

/** A 16 × 16 baseline JPEG (APP0 JFIF, tables, one scan): the image every fixture wraps. */
const PLAIN_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9PjsBCgsLDg0OHBAQHDsoIig7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7O//AABEIABAAEAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AFrM+TCgAoAKAP8A/9k=",
  "base64",
);

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** EXIF in little-endian TIFF: IFD0 with Artist and a GPS pointer; the GPS IFD with a latitude. */
function exifPayload(): Buffer {
  const artist = Buffer.from(`${SECRET_AUTHOR}\0`, "latin1");
  // Layout: header (8) | IFD0: count(2) + 2 entries(24) + next(4) = 30 → 38 | GPS IFD: 2 + 2×12 + 4 = 30 → 68 |
  // artist at 68 | latitude (3 rationals, 24 bytes) after it.
  const artistAt = 68;
  const latitudeAt = artistAt + artist.length;
  const tiff = Buffer.alloc(latitudeAt + 24);
  tiff.write("II", 0, "latin1");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  let at = 8;
  tiff.writeUInt16LE(2, at);
  const entry = (offset: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, offset);
    tiff.writeUInt16LE(type, offset + 2);
    tiff.writeUInt32LE(count, offset + 4);
    tiff.writeUInt32LE(value, offset + 8);
  };
  entry(at + 2, 0x013b, 2, artist.length, artistAt); // Artist
  entry(at + 14, 0x8825, 4, 1, 38); // GPS IFD pointer
  tiff.writeUInt32LE(0, at + 26);
  at = 38;
  tiff.writeUInt16LE(2, at);
  entry(at + 2, 0x0001, 2, 2, 0x53); // GPSLatitudeRef 'S'
  entry(at + 14, 0x0002, 5, 3, latitudeAt); // GPSLatitude
  tiff.writeUInt32LE(0, at + 26);
  artist.copy(tiff, artistAt);
  for (const [i, value] of [23, 32, 51].entries()) {
    tiff.writeUInt32LE(value, latitudeAt + i * 8);
    tiff.writeUInt32LE(1, latitudeAt + i * 8 + 4);
  }
  return Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
}

function xmpPayload(): Buffer {
  return Buffer.from(
    `http://ns.adobe.com/xap/1.0/\0<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${SECRET_TITLE}</dc:title><dc:creator>${SECRET_AUTHOR}</dc:creator><exif:${SECRET_GPS} xmlns:exif="http://ns.adobe.com/exif/1.0/">23,32.85S</exif:${SECRET_GPS}></rdf:Description></rdf:RDF></x:xmpmeta>`,
    "utf8",
  );
}

/** The plain JPEG with EXIF (author, GPS) and XMP (title) after its JFIF segment, and a comment. */
export function jpegWithExif(): Buffer {
  const jfifEnd = 2 + 2 + PLAIN_JPEG.readUInt16BE(4);
  return Buffer.concat([
    PLAIN_JPEG.subarray(0, jfifEnd),
    segment(0xe1, exifPayload()),
    segment(0xe1, xmpPayload()),
    segment(0xfe, Buffer.from(`Foto de ${SECRET_AUTHOR}`, "latin1")),
    PLAIN_JPEG.subarray(jfifEnd),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 2 × 2 PNG with tEXt (Author, Title) and tIME chunks. */
export function pngWithText(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.from([0, 51, 170, 119, 51, 170, 119, 0, 51, 170, 119, 51, 170, 119]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("tEXt", Buffer.from(`Author\0${SECRET_AUTHOR}`, "latin1")),
    chunk("tEXt", Buffer.from(`Title\0${SECRET_TITLE}`, "latin1")),
    chunk("tIME", Buffer.from([0x07, 0xea, 11, 22, 14, 32, 5])),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with author, title, subject, keywords and catalog XMP naming the author. */
export async function pdfWithAuthor(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setAuthor(SECRET_AUTHOR);
  doc.setTitle(SECRET_TITLE);
  doc.setSubject(SECRET_TITLE);
  doc.setKeywords([SECRET_AUTHOR]);
  doc.setCreator("Editor da Marina");
  const page = doc.addPage([300, 200]);
  page.drawText("Registro do ocorrido", {
    x: 20,
    y: 150,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  const xmp = doc.context.stream(xmpPayload().toString("utf8"), { Type: "Metadata", Subtype: "XML" });
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(xmp));
  page.node.set(PDFName.of("Metadata"), doc.context.register(doc.context.stream(`<x>${SECRET_AUTHOR}</x>`)));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** An inject() body with the message's JSON in `dados` and each file as `anexo`, under the name the person gave it. */
export async function messageForm(data: object, files: { bytes: Buffer; name: string; type?: string }[]) {
  const form = new FormData();
  form.append("dados", JSON.stringify(data));
  for (const file of files)
    form.append("anexo", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "" }), file.name);
  const request = new Request("http://x", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}
