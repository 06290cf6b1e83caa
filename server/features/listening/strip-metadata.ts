/**
 * Attachments of the Canal de escuta lose their metadata before they are
 * stored (docs/decisions/052): a phone photo carries where and when it was
 * taken and the phone's owner; a PDF, its author and title. The type is read
 * from the bytes; anything but JPEG, PNG or PDF is refused.
 *
 * - JPEG: every APPn segment but APP0 (JFIF) and APP2 ICC_PROFILE (colour),
 *   and every comment, wherever it sits (between scans too); nothing after EOI.
 * - PNG: tEXt, zTXt, iTXt, eXIf and tIME chunks; nothing after IEND.
 * - PDF: the pages copied into a new document (no Info dictionary, no catalog
 *   XMP, no form), every /Metadata and /PieceInfo entry dropped, a filled-in
 *   form drawn into its page, every annotation (a comment names its author)
 *   and page action dropped, and each embedded JPEG stripped as above.
 */
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from "pdf-lib";

export type StrippedFile = { bytes: Buffer; contentType: string; extension: "jpg" | "png" | "pdf" };

export class AttachmentRefused extends Error {
  constructor(readonly reason: "type" | "unreadable") {
    super(reason);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function detectAttachment(bytes: Buffer): StrippedFile["extension"] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  return null;
}

export async function stripMetadata(bytes: Buffer): Promise<StrippedFile> {
  const type = detectAttachment(bytes);
  if (type === "jpg") return { bytes: stripJpeg(bytes), contentType: "image/jpeg", extension: "jpg" };
  if (type === "png") return { bytes: stripPng(bytes), contentType: "image/png", extension: "png" };
  if (type === "pdf") return { bytes: await stripPdf(bytes), contentType: "application/pdf", extension: "pdf" };
  throw new AttachmentRefused("type");
}

/** Segments without a length: SOI, EOI, TEM and the restart markers. */
const isStandalone = (marker: number) =>
  marker === 0xd8 || marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function isKeptJpegSegment(marker: number, segment: Buffer): boolean {
  if (marker === 0xfe) return false; // COM
  if (marker < 0xe0 || marker > 0xef) return true;
  if (marker === 0xe0) return segment.subarray(4, 9).toString("latin1") === "JFIF\0";
  if (marker === 0xe2) return segment.subarray(4, 16).toString("latin1") === "ICC_PROFILE\0";
  return false;
}

function stripJpeg(bytes: Buffer): Buffer {
  const out: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw new AttachmentRefused("unreadable");
    let markerAt = at;
    while (bytes[markerAt + 1] === 0xff) markerAt++; // fill bytes
    const marker = bytes[markerAt + 1];
    if (marker === undefined) throw new AttachmentRefused("unreadable");
    if (marker === 0xd9) {
      out.push(Buffer.from([0xff, 0xd9]));
      return Buffer.concat(out); // whatever a phone appended after the image is dropped
    }
    if (isStandalone(marker)) {
      out.push(Buffer.from([0xff, marker]));
      at = markerAt + 2;
      continue;
    }
    const length = bytes.readUInt16BE(markerAt + 2);
    const end = markerAt + 2 + length;
    if (length < 2 || end > bytes.length) throw new AttachmentRefused("unreadable");
    const segment = Buffer.concat([Buffer.from([0xff, marker]), bytes.subarray(markerAt + 2, end)]);
    if (isKeptJpegSegment(marker, segment)) out.push(segment);
    at = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      let scan = at;
      while (scan < bytes.length - 1) {
        const next = bytes[scan + 1] ?? 0;
        if (bytes[scan] === 0xff && next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
        scan++;
      }
      out.push(bytes.subarray(at, scan));
      at = scan;
      if (scan >= bytes.length - 1) break;
    }
  }
  // No EOI: a truncated file.
  throw new AttachmentRefused("unreadable");
}

const DROPPED_PNG_CHUNKS = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

function stripPng(bytes: Buffer): Buffer {
  const out: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString("latin1");
    const end = at + 12 + length;
    if (end > bytes.length) throw new AttachmentRefused("unreadable");
    if (!DROPPED_PNG_CHUNKS.has(type)) out.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return Buffer.concat(out);
  }
  throw new AttachmentRefused("unreadable");
}

async function stripPdf(bytes: Buffer): Promise<Buffer> {
  try {
    return await rewritePdf(bytes);
  } catch (error) {
    // Encrypted (pdf-lib refuses those) or damaged.
    if (error instanceof AttachmentRefused) throw error;
    throw new AttachmentRefused("unreadable");
  }
}

async function rewritePdf(bytes: Buffer): Promise<Buffer> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  // Dropped in the source first, so the copy never follows a reference to them.
  for (const [, object] of source.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    dict?.delete(PDFName.of("Metadata"));
    dict?.delete(PDFName.of("PieceInfo"));
  }
  // A filled-in form keeps what it shows, drawn into the page; its fields (their names) go. Then every
  // annotation goes: a comment's /T names its author and a popup repeats it; and the page's actions.
  try {
    source.getForm().flatten();
  } catch {
    // A form pdf-lib cannot draw: its fields go with the annotations below, their values with them.
  }
  for (const page of source.getPages()) {
    page.node.delete(PDFName.of("Annots"));
    page.node.delete(PDFName.of("AA"));
  }
  const clean = await PDFDocument.create({ updateMetadata: false });
  const pages = await clean.copyPages(source, source.getPageIndices());
  for (const page of pages) clean.addPage(page);
  for (const [ref, object] of clean.context.enumerateIndirectObjects()) {
    // A photo inside a PDF keeps its EXIF: strip it like an uploaded JPEG (only when DCT is its one filter).
    const filter = object instanceof PDFRawStream ? String(object.dict.get(PDFName.of("Filter"))) : "";
    if (object instanceof PDFRawStream && /^\[?\s*\/DCTDecode\s*\]?$/.test(filter)) {
      const contents = Buffer.from(object.contents);
      if (detectAttachment(contents) === "jpg") {
        clean.context.assign(ref, PDFRawStream.of(object.dict, stripJpeg(contents)));
      }
    }
  }
  clean.setProducer("");
  clean.setCreator("");
  // Without object streams: the file's dictionaries stay readable to anyone who checks it.
  return Buffer.from(await clean.save({ useObjectStreams: false }));
}
