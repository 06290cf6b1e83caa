import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readImageSize } from "#core/image-size.ts";
import {
  jpegWithExif,
  pdfWithAuthor,
  pngWithText,
  SECRET_AUTHOR,
  SECRET_GPS,
  SECRET_TITLE,
} from "#tests/api/listening-files.ts";
import { AttachmentRefused, stripMetadata } from "./strip-metadata.ts";

const holds = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, "latin1"));
/** Markers of a JPEG's segments up to the first scan. */
function jpegMarkers(bytes: Buffer): number[] {
  const markers: number[] = [];
  for (let at = 2; at < bytes.length && bytes[at] === 0xff; ) {
    const marker = bytes[at + 1] ?? 0;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return markers;
}

/** The first page's content paints an XObject (`Do`): where pdf-lib draws a flattened form field. */
function paintsAnXObject(doc: PDFDocument): boolean {
  const contents = doc.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
  return streams.some((ref) => {
    const stream = doc.context.lookup(ref);
    return (
      stream instanceof PDFRawStream &&
      /\bDo\b/.test(Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1"))
    );
  });
}

describe("stripping an attachment's metadata", () => {
  it("drops a JPEG's EXIF (author, GPS), XMP (title) and comment, keeping JFIF and the image", async () => {
    const original = jpegWithExif();
    for (const text of [SECRET_AUTHOR, SECRET_TITLE, SECRET_GPS, "Exif"]) expect(holds(original, text)).toBe(true);
    const { bytes, contentType } = await stripMetadata(original);
    expect(contentType).toBe("image/jpeg");
    for (const text of [SECRET_AUTHOR, SECRET_TITLE, SECRET_GPS, "Exif"]) expect(holds(bytes, text)).toBe(false);
    expect(jpegMarkers(original)).toContain(0xe1);
    expect(jpegMarkers(bytes)).not.toContain(0xe1);
    expect(jpegMarkers(bytes)).not.toContain(0xfe);
    expect(jpegMarkers(bytes)[0]).toBe(0xe0);
    expect(readImageSize(bytes)).toEqual({ width: 16, height: 16 });
    expect(bytes.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it("drops a PNG's tEXt and tIME chunks", async () => {
    const original = pngWithText();
    const { bytes } = await stripMetadata(original);
    expect(holds(original, SECRET_AUTHOR)).toBe(true);
    for (const text of [SECRET_AUTHOR, SECRET_TITLE, "tEXt", "tIME"]) expect(holds(bytes, text)).toBe(false);
    for (const text of ["IHDR", "IDAT", "IEND"]) expect(holds(bytes, text)).toBe(true);
  });

  it("rewrites a PDF without author, title, producer or XMP, keeping its page", async () => {
    const original = await pdfWithAuthor();
    const before = await PDFDocument.load(original, { updateMetadata: false });
    expect(before.getAuthor()).toBe(SECRET_AUTHOR);
    expect(holds(original, SECRET_TITLE)).toBe(true);
    const { bytes } = await stripMetadata(original);
    const after = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(after.getPageCount()).toBe(1);
    expect([after.getAuthor(), after.getTitle(), after.getSubject(), after.getKeywords()]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(after.getProducer() ?? "").toBe("");
    expect(after.getCreator() ?? "").toBe("");
    for (const text of [SECRET_AUTHOR, SECRET_TITLE, "/Metadata", "pdf-lib"]) expect(holds(bytes, text)).toBe(false);
  });

  it("drops a PDF's comments (their author) and its form's fields, keeping the page", async () => {
    const source = await PDFDocument.create();
    const page = source.addPage([300, 200]);
    const field = source.getForm().createTextField("nome_de_quem_relata");
    field.setText("Texto do campo");
    field.addToPage(page, { x: 20, y: 20, width: 200, height: 24 });
    const comment = source.context.register(
      source.context.obj({
        Type: "Annot",
        Subtype: "Text",
        Rect: [10, 150, 30, 170],
        T: PDFString.of("Marina Autora do Comentario"),
        Contents: PDFString.of("comentario com nome"),
      }),
    );
    page.node.lookup(PDFName.of("Annots"), PDFArray).push(comment);
    const original = Buffer.from(await source.save({ useObjectStreams: false }));
    // pdf-lib writes a field's name as UTF-16 in hex.
    const fieldName = `FEFF${Buffer.from("nome_de_quem_relata", "utf16le").swap16().toString("hex").toUpperCase()}`;
    for (const text of ["Marina Autora do Comentario", fieldName]) expect(holds(original, text), text).toBe(true);
    const { bytes } = await stripMetadata(original);
    for (const text of ["Marina Autora do Comentario", "comentario com nome", fieldName, "/Annots", "/AcroForm", "/FT"])
      expect(holds(bytes, text), text).toBe(false);
    const after = await PDFDocument.load(bytes);
    expect(after.getPageCount()).toBe(1);
    // What the field showed is drawn into the page (an XObject the page paints), not thrown away.
    expect(paintsAnXObject(await PDFDocument.load(original))).toBe(false);
    expect(paintsAnXObject(after)).toBe(true);
  });

  it("strips the EXIF of a photo embedded in a PDF", async () => {
    const source = await PDFDocument.create();
    const photo = await source.embedJpg(Uint8Array.from(jpegWithExif()));
    source.addPage([100, 100]).drawImage(photo, { x: 0, y: 0, width: 16, height: 16 });
    const original = Buffer.from(await source.save({ useObjectStreams: false }));
    expect(holds(original, SECRET_AUTHOR)).toBe(true);
    const { bytes } = await stripMetadata(original);
    for (const text of [SECRET_AUTHOR, SECRET_GPS, "Exif"]) expect(holds(bytes, text)).toBe(false);
    expect(holds(bytes, "/DCTDecode")).toBe(true);
  });

  it("refuses what is not a JPEG, PNG or PDF by its bytes, whatever its name", async () => {
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    await expect(stripMetadata(html)).rejects.toEqual(new AttachmentRefused("type"));
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00", "latin1");
    await expect(stripMetadata(gif)).rejects.toEqual(new AttachmentRefused("type"));
    const truncated = jpegWithExif().subarray(0, 200);
    await expect(stripMetadata(truncated)).rejects.toEqual(new AttachmentRefused("unreadable"));
    await expect(stripMetadata(Buffer.from("%PDF-1.7 lixo"))).rejects.toEqual(new AttachmentRefused("unreadable"));
  });
});
