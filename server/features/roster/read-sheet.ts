/**
 * Reads an HR system's export into a header and rows of text: a CSV as
 * Brazilian systems write it (UTF-8 with or without BOM, or Latin-1/Windows-1252;
 * ';', ',' or tab between fields; quoted fields may hold line breaks) or an
 * XLSX's first sheet (exceljs, already used for the NR-1 exports). Each row
 * keeps the line of the file it starts on, so a rejection names it.
 */

import { rosterMessages } from "#core/roster-messages.ts";
import { AppError } from "#server/errors.ts";

type SheetRow = { line: number; cells: string[] };
export type Sheet = { headers: string[]; rows: SheetRow[] };

const SHEET_MAX_ROWS = 20_000;

function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString("utf8");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: the Latin-1 of older systems (Windows-1252 is its superset).
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The separator of the header line: whichever of ';', ',' and tab it holds most, outside quotes. */
function detectDelimiter(text: string): string {
  const counts = new Map([
    [";", 0],
    [",", 0],
    ["\t", 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ";";
}

/** RFC 4180 with the file's own separator; records with only empty cells are skipped. */
function parseCsv(text: string): SheetRow[] {
  const delimiter = detectDelimiter(text);
  const records: SheetRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== "")) records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else cell += char;
  }
  if (cell !== "" || cells.length) endRecord();
  return records;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const object = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (object.richText) return object.richText.map((part) => part.text).join("");
    if (object.result !== undefined) return cellText(object.result);
    if (object.text !== undefined) return cellText(object.text);
    return "";
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<SheetRow[]> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from(values, cellText);
    if (cells.some((value) => value.trim() !== "")) rows.push({ line, cells });
  });
  return rows;
}

const isZip = (bytes: Buffer) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

export async function readSheet(bytes: Buffer): Promise<Sheet> {
  let records: SheetRow[];
  try {
    records = isZip(bytes) ? await readXlsx(bytes) : parseCsv(decodeText(bytes));
  } catch {
    throw new AppError("VALIDATION", rosterMessages.fileUnreadable);
  }
  // A binary that is neither: one 'column' of noise.
  if (!isZip(bytes) && bytes.includes(0)) throw new AppError("VALIDATION", rosterMessages.fileUnreadable);
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw new AppError("VALIDATION", rosterMessages.fileEmpty);
  if (rows.length > SHEET_MAX_ROWS) throw new AppError("VALIDATION", rosterMessages.fileTooManyRows);
  return { headers: header.cells.map((value) => value.trim()), rows };
}
