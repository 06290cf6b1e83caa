/** The text of a PDF, page by page, for tests that check what an export says (pdfjs-dist, the reader browsers use). */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * One document at a time: pdf.js's in-process worker fails now and then on documents parsed side by side (the
 * live-bits passes read every download at once), and a failed parse would compare the raw bytes instead.
 */
let parsing: Promise<unknown> = Promise.resolve();

export function pdfPages(data: Uint8Array): Promise<string[]> {
  const pages = parsing.then(() => parsePages(data));
  parsing = pages.catch(() => undefined);
  return pages;
}

async function parsePages(data: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " "),
    );
  }
  await doc.destroy();
  return pages;
}

export async function pdfText(data: Uint8Array): Promise<string> {
  return (await pdfPages(data)).join("\n").replace(/\s+/g, " ");
}
