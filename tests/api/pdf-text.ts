/** The text of a PDF, page by page, for tests that check what an export says (pdfjs-dist, the reader browsers use). */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export async function pdfPages(data: Uint8Array): Promise<string[]> {
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
