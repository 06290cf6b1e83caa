/**
 * Reads an HR system's export on a thread of its own (read-sheet.ts starts
 * it with a memory and a time limit), so a spreadsheet built to explode
 * cannot hold the server's thread (issue 45, docs/decisions/057). Plain
 * JavaScript with Node's modules and exceljs only, so a worker runs it as it
 * is, from the sources (tests) or the build (copied beside the bundle by
 * scripts/build.mjs), as server/db/pglite-worker.mjs is.
 *
 * A CSV as Brazilian systems write it (UTF-8 with or without BOM, or
 * Latin-1/Windows-1252; ';', ',' or tab between fields; quoted fields may hold
 * line breaks) or an XLSX's first sheet. An XLSX is a zip: before exceljs
 * sees it, its central directory's declared sizes are added up, then every
 * part is inflated as a stream counting the bytes that really come out (a
 * header can lie), the sheets' rows and the longest text between two tags.
 *
 * workerData: { bytes: Uint8Array, limits: { maxRows, maxCell, maxUnzipped,
 * maxEntries, maxXmlRun } }. Posts { rows: { line, cells }[] } or
 * { refused: 'unreadable' | 'tooManyRows' | 'cellTooLong' | 'unzippedTooLarge' | 'zipSizeMismatch' }.
 */
import { Readable } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import { createInflateRaw } from "node:zlib";

class Refusal extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** @param {Buffer} bytes */
function decodeText(bytes) {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString("utf8");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: the Latin-1 of older systems (Windows-1252 is its superset).
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The separator of the header line: whichever of ';', ',' and tab it holds most, outside quotes. */
function detectDelimiter(text) {
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

/** RFC 4180 with the file's own separator; records with only empty cells are skipped. Stops at a limit. */
function parseCsv(text, { maxRows, maxCell }) {
  const delimiter = detectDelimiter(text);
  const records = [];
  let cells = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endCell = () => {
    if (cell.length > maxCell) throw new Refusal("cellTooLong");
    cells.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    if (cells.some((value) => value.trim() !== "")) records.push({ line: recordLine, cells });
    // The header and maxRows people: one more is refused without reading the rest.
    if (records.length > maxRows + 1) throw new Refusal("tooManyRows");
    cells = [];
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
    } else if (char === delimiter) endCell();
    else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += char;
      if (cell.length > maxCell) throw new Refusal("cellTooLong");
    }
  }
  if (cell !== "" || cells.length) endRecord();
  return records;
}

/** The zip's parts as its central directory declares them (APPNOTE 4.3.12, 4.3.16). */
function centralDirectory(bytes, { maxEntries }) {
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= searchFrom; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Refusal("unreadable");
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  // ZIP64 markers: a spreadsheet of at most 10 MB never needs them.
  if (count === 0xffff || at === 0xffffffff) throw new Refusal("unreadable");
  if (count > maxEntries) throw new Refusal("unzippedTooLarge");
  const entries = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw new Refusal("unreadable");
    const nameLength = bytes.readUInt16LE(at + 28);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressed: bytes.readUInt32LE(at + 20),
      declared: bytes.readUInt32LE(at + 24),
      localHeader: bytes.readUInt32LE(at + 42),
      name: bytes.toString("utf8", at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** A part's compressed bytes, found through its local header (APPNOTE 4.3.7). */
function compressedData(bytes, entry) {
  const at = entry.localHeader;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) throw new Refusal("unreadable");
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressed > bytes.length) throw new Refusal("unreadable");
  return bytes.subarray(start, start + entry.compressed);
}

const ROW_TAG = /<(?:\w+:)?row[\s>/]/g;

/**
 * Inflates one part as a stream, never holding it: refuses as soon as it
 * yields more than it declared, or than the file may in all; in a sheet,
 * counts the rows and, in a sheet or the shared strings, the longest text
 * between two tags (an XML text cannot hold '<', so that bounds every cell).
 */
async function scanPart(bytes, entry, budget, limits) {
  const isSheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name);
  const measure = isSheet || /^xl\/sharedStrings\.xml$/i.test(entry.name);
  const data = compressedData(bytes, entry);
  if (entry.method === 0) {
    if (data.length !== entry.declared) throw new Refusal("zipSizeMismatch");
  } else if (entry.method !== 8) throw new Refusal("unreadable");
  let produced = 0;
  let rows = 0;
  let run = 0;
  let carry = "";
  const source = entry.method === 0 ? Readable.from([data]) : Readable.from([data]).pipe(createInflateRaw());
  try {
    for await (const chunk of source) {
      produced += chunk.length;
      if (produced > entry.declared) throw new Refusal("zipSizeMismatch");
      if (produced > budget) throw new Refusal("unzippedTooLarge");
      if (!measure) continue;
      for (let i = chunk.indexOf(0x3c), last = 0; ; i = chunk.indexOf(0x3c, i + 1)) {
        const stop = i < 0 ? chunk.length : i;
        run += stop - last;
        if (run > limits.maxXmlRun) throw new Refusal("cellTooLong");
        if (i < 0) break;
        run = 0;
        last = i;
      }
      if (isSheet) {
        // The tail of the last chunk goes first, so a tag cut in two is seen; one seen whole before is not counted again.
        const text = carry + chunk.toString("latin1");
        for (const match of text.matchAll(ROW_TAG)) if (match.index + match[0].length > carry.length) rows++;
        carry = text.slice(-15);
        if (rows > limits.maxRows + 1) throw new Refusal("tooManyRows");
      }
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal("unreadable");
  } finally {
    source.destroy();
  }
  if (produced !== entry.declared) throw new Refusal("zipSizeMismatch");
  return produced;
}

async function checkZip(bytes, limits) {
  const entries = centralDirectory(bytes, limits);
  const declared = entries.reduce((sum, entry) => sum + entry.declared, 0);
  if (declared > limits.maxUnzipped) throw new Refusal("unzippedTooLarge");
  let budget = limits.maxUnzipped;
  for (const entry of entries) budget -= await scanPart(bytes, entry, budget, limits);
}

function cellText(value) {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if (value.richText) return value.richText.map((part) => part.text).join("");
    if (value.result !== undefined) return cellText(value.result);
    if (value.text !== undefined) return cellText(value.text);
    return "";
  }
  return String(value);
}

async function readXlsx(bytes, limits) {
  await checkZip(bytes, limits);
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from(values, cellText);
    if (cells.some((value) => value.length > limits.maxCell)) throw new Refusal("cellTooLong");
    if (cells.some((value) => value.trim() !== "")) rows.push({ line, cells });
  });
  return rows;
}

const isZip = (bytes) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

async function read(bytes, limits) {
  if (isZip(bytes)) return readXlsx(bytes, limits);
  // A binary that is neither: one 'column' of noise.
  if (bytes.includes(0)) throw new Refusal("unreadable");
  return parseCsv(decodeText(bytes), limits);
}

const { bytes, limits } = workerData;
try {
  parentPort?.postMessage({ rows: await read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits) });
} catch (error) {
  parentPort?.postMessage({ refused: error instanceof Refusal ? error.reason : "unreadable" });
}
