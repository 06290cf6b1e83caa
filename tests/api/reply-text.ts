/** What a reply says, for the tests that compare reads: status and text (a PDF's or a spreadsheet's text, not their dated bytes). */
import type { LightMyRequestResponse } from "fastify";
import { pdfText } from "./pdf-text.ts";

/** The body as text: a PDF's words, a spreadsheet's rows, anything else as sent. */
export async function bodyText(response: LightMyRequestResponse): Promise<string> {
  const type = String(response.headers["content-type"] ?? "");
  if (type.startsWith("application/pdf") && response.statusCode === 200) {
    // An uploaded stub has no dates in it and may not parse; an export is a real PDF.
    return pdfText(new Uint8Array(response.rawPayload)).catch(() => response.body);
  }
  if (type.includes("spreadsheetml") && response.statusCode === 200) {
    const { default: ExcelJS } = await import("exceljs");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.eachSheet((sheet) => {
      cells.push(`# ${sheet.name}`);
      sheet.eachRow((row) => cells.push(JSON.stringify(row.values)));
    });
    return cells.join("\n");
  }
  return response.body;
}

/** Status, type and text, with what is new on every call left out: an error's request id, when a personal export was made. */
export async function replyText(response: LightMyRequestResponse): Promise<string> {
  const type = String(response.headers["content-type"] ?? "");
  const steady = (await bodyText(response))
    .replace(/"requestId":"[^"]+"/g, '"requestId":"…"')
    .replace(/"geradoEm":"[^"]+"/g, '"geradoEm":"…"')
    .replace(/gerado em [^.<]+/g, "gerado em …");
  return `${response.statusCode} ${type}\n${steady}`;
}
