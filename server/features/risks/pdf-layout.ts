/**
 * The page furniture of the NR-1 PDF (docs/decisions/051): A4 pages with room
 * for a running header and footer, section headings, and tables that wrap
 * their cells and repeat their header row on each new page. The header and
 * footer are written at the end, over the buffered pages, so the footer can
 * say 'Página X de Y'. Edit here for how the document looks; what it says is
 * in inventory-pdf.ts.
 */
import { createRequire } from "node:module";
import { type RiskLevelTone, riskToneColours } from "#core/risk-levels.ts";

const require = createRequire(import.meta.url);
// Static WOFF of @fontsource/inter: pdfkit's fontkit reads it, and every pt-BR accent prints (decision 026 §8).
const REGULAR = require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff");
const BOLD = require.resolve("@fontsource/inter/files/inter-latin-700-normal.woff");

/** The light theme's tokens (web/app.css): text, muted text, borders, the primary teal and its soft fill. */
export const ink = { fg: "#16302d", muted: "#52635f", border: "#d9e3e0", primary: "#0f6e64", primarySoft: "#e0f1ee" };

type Layout = "portrait" | "landscape";
const margins = { top: 78, bottom: 62, left: 50, right: 50 };

export async function createDocument(title: string): Promise<PDFKit.PDFDocument> {
  // Loaded on the first PDF, not at start-up (about 0.25 s; docs/decisions/021).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margins, bufferPages: true, info: { Title: title, Creator: "Sereno" } });
  doc.registerFont("Inter", REGULAR);
  doc.registerFont("Inter-Bold", BOLD);
  return doc.font("Inter").fillColor(ink.fg);
}

export function newPage(doc: PDFKit.PDFDocument, layout: Layout = "portrait"): void {
  doc.addPage({ size: "A4", layout, margins });
}

const bottomOf = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;
const widthOf = (doc: PDFKit.PDFDocument) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Starts a new page (same orientation) when less than `height` points are left. */
export function keepTogether(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > bottomOf(doc)) newPage(doc, doc.page.layout as Layout);
}

export function heading(doc: PDFKit.PDFDocument, text: string, size = 13): void {
  keepTogether(doc, 80);
  doc.x = doc.page.margins.left;
  doc.moveDown(0.5).font("Inter-Bold").fontSize(size).fillColor(ink.primary).text(text).moveDown(0.35);
  doc.fillColor(ink.fg);
}

export function paragraph(doc: PDFKit.PDFDocument, text: string, size = 9, color = ink.fg): void {
  doc.x = doc.page.margins.left;
  doc
    .font("Inter")
    .fontSize(size)
    .fillColor(color)
    .text(text, { width: widthOf(doc) })
    .moveDown(0.4);
  doc.fillColor(ink.fg);
}

type Column = { header: string; width: number; align?: "left" | "center" };
/** A cell: plain text, or text drawn on a risk level's colours. */
export type Cell = string | { text: string; tone?: RiskLevelTone; bold?: boolean };

const PAD = 4;

/**
 * A table whose rows grow to fit their wrapped text. A row never splits: one
 * that does not fit goes to the next page, under the header drawn again.
 * Widths are in points; the last column takes what is left of the page.
 */
export function table(
  doc: PDFKit.PDFDocument,
  columns: Column[],
  rows: Cell[][],
  fontSize = 8,
  hasHeader = true,
): void {
  const left = doc.page.margins.left;
  const fixed = columns.slice(0, -1).reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column, i) => (i === columns.length - 1 ? widthOf(doc) - fixed : column.width));
  const header: Cell[] = columns.map((column) => ({ text: column.header, bold: true }));
  const measure = (cells: Cell[]) =>
    Math.max(
      ...cells.map((cell, i) => {
        const { text, bold } = typeof cell === "string" ? { text: cell, bold: false } : cell;
        doc.font(bold ? "Inter-Bold" : "Inter").fontSize(fontSize);
        return doc.heightOfString(text || "—", { width: (widths[i] ?? 0) - 2 * PAD });
      }),
    ) +
    2 * PAD;
  const draw = (cells: Cell[], isHeader: boolean, height: number) => {
    let x = left;
    const y = doc.y;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 0;
      const { text, tone, bold } = typeof cell === "string" ? { text: cell, tone: undefined, bold: false } : cell;
      const fill = isHeader ? ink.primarySoft : tone ? riskToneColours[tone].soft : undefined;
      if (fill) doc.rect(x, y, width, height).fill(fill);
      doc.lineWidth(0.5).strokeColor(ink.border).rect(x, y, width, height).stroke();
      if (tone) doc.rect(x, y, 3, height).fill(riskToneColours[tone].strong);
      doc
        .font(bold || tone ? "Inter-Bold" : "Inter")
        .fontSize(fontSize)
        .fillColor(tone ? riskToneColours[tone].strong : ink.fg)
        .text(text || "—", x + PAD + (tone ? 2 : 0), y + PAD, {
          width: width - 2 * PAD - (tone ? 2 : 0),
          // One point of slack: pdfkit rounds positions, and text that fits must not be cut.
          height: height - 2 * PAD + 1,
          ellipsis: true,
          align: columns[i]?.align ?? "left",
        });
      x += width;
    });
    doc.fillColor(ink.fg);
    doc.y = y + height;
  };
  const headerHeight = hasHeader ? measure(header) : 0;
  // The tallest row a page can hold under its header; taller text is cut with an ellipsis.
  const tallest = () => bottomOf(doc) - doc.page.margins.top - headerHeight;
  keepTogether(doc, headerHeight + Math.min(measure(rows[0] ?? header), 120));
  if (hasHeader) draw(header, true, headerHeight);
  for (const row of rows) {
    const height = Math.min(measure(row), tallest());
    if (doc.y + height > bottomOf(doc)) {
      newPage(doc, doc.page.layout as Layout);
      if (hasHeader) draw(header, true, headerHeight);
    }
    draw(row, false, height);
  }
  doc.x = left;
  doc.moveDown(0.8);
}

/**
 * The running header (company, CNPJ, title) on every page after the cover,
 * and on every page the footer: who it is for, the version, its date and
 * 'Página X de Y'.
 */
export function frame(
  doc: PDFKit.PDFDocument,
  texts: { header: string; title: string; footerLeft: string; footerRight: (page: number, pages: number) => string },
): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const page = doc.page;
    const bottom = page.margins.bottom;
    // Writing in the margins would otherwise make pdfkit start a new page.
    page.margins.bottom = 0;
    const left = page.margins.left;
    const width = page.width - left - page.margins.right;
    doc.font("Inter").fontSize(7.5).fillColor(ink.muted);
    if (i > start) {
      doc.text(texts.header, left, 36, { width: width * 0.58, height: 10, ellipsis: true });
      doc
        .font("Inter-Bold")
        .text(texts.title, left + width * 0.4, 36, { width: width * 0.6, align: "right", lineBreak: false });
      doc
        .lineWidth(0.75)
        .strokeColor(ink.primary)
        .moveTo(left, 52)
        .lineTo(left + width, 52)
        .stroke();
    }
    const y = page.height - 40;
    doc
      .lineWidth(0.5)
      .strokeColor(ink.border)
      .moveTo(left, y - 8)
      .lineTo(left + width, y - 8)
      .stroke();
    doc.font("Inter").text(texts.footerLeft, left, y, { width: width * 0.42, height: 10, ellipsis: true });
    doc.text(texts.footerRight(i - start + 1, count), left + width * 0.4, y, {
      width: width * 0.6,
      align: "right",
      lineBreak: false,
    });
    page.margins.bottom = bottom;
  }
  doc.fillColor(ink.fg);
}

export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
