/**
 * Reads an HR system's export into a header and rows of text, each row with
 * the line of the file it starts on, so a rejection names it. The reading
 * itself runs in sheet-worker.mjs, on a thread of its own with a memory and a
 * time limit, at most two at once: a zip bomb or a file built to be slow is
 * refused there while the server's thread keeps answering (issue 45,
 * docs/decisions/057).
 */
import { Worker } from "node:worker_threads";
import { rosterMessages } from "#core/roster-messages.ts";
import { AppError } from "#server/errors.ts";

type SheetRow = { line: number; cells: string[] };
export type Sheet = { headers: string[]; rows: SheetRow[] };

/** docs/decisions/043: a company's whole roster fits in one file of 20,000 people. */
const SHEET_MAX_ROWS = 20_000;
/**
 * docs/decisions/057: the limits of a file read. 20,000 rows of ten fields
 * open to about 12 MB of XML; four times that is still a roster, not a bomb.
 */
const sheetLimits = {
  maxRows: SHEET_MAX_ROWS,
  /** Characters in one cell: the longest field is 120 (check-rows.ts), notes columns get room. */
  maxCell: 1_000,
  /** Bytes an XLSX may open to, all its parts together. */
  maxUnzipped: 48 * 1024 * 1024,
  maxEntries: 1_000,
  /** Bytes between two tags of a sheet's XML: a cell of 1,000 characters, escaped, fits. */
  maxXmlRun: 16 * 1024,
};
/** docs/decisions/057: a 20,000-row XLSX reads in about 3 s on a busy machine and under 300 MB. */
const READ_TIME_MS = 30_000;
const READ_HEAP_MB = 512;
const READS_AT_ONCE = 2;

type Refusal = "unreadable" | "tooManyRows" | "cellTooLong" | "unzippedTooLarge" | "zipSizeMismatch" | "tooSlow";

const refusals: Record<Refusal, () => AppError> = {
  unreadable: () => new AppError("VALIDATION", rosterMessages.fileUnreadable),
  tooManyRows: () => new AppError("PAYLOAD_TOO_LARGE", rosterMessages.fileTooManyRows),
  cellTooLong: () => new AppError("PAYLOAD_TOO_LARGE", rosterMessages.fileCellTooLong),
  unzippedTooLarge: () => new AppError("PAYLOAD_TOO_LARGE", rosterMessages.fileUnzippedTooLarge),
  zipSizeMismatch: () => new AppError("PAYLOAD_TOO_LARGE", rosterMessages.fileZipSizeMismatch),
  tooSlow: () => new AppError("PAYLOAD_TOO_LARGE", rosterMessages.fileTooSlow),
};

let reading = 0;
const waiting: (() => void)[] = [];

/** One of the READS_AT_ONCE threads; a freed one passes straight to the next waiting read. */
async function takeSlot(): Promise<void> {
  if (reading < READS_AT_ONCE) {
    reading++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function freeSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else reading--;
}

/** One read on its own thread: its rows, or the reason it was refused (a thread out of memory is a bomb too). */
function readOnThread(bytes: Buffer, timeMs: number): Promise<SheetRow[] | Refusal> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./sheet-worker.mjs", import.meta.url), {
      workerData: { bytes: new Uint8Array(bytes), limits: sheetLimits },
      resourceLimits: { maxOldGenerationSizeMb: READ_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    const timer = setTimeout(() => {
      resolve("tooSlow");
      void worker.terminate();
    }, timeMs);
    const settle = (result: SheetRow[] | Refusal) => {
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    worker.once("message", (message: { rows?: SheetRow[]; refused?: Refusal }) =>
      settle(message.rows ?? message.refused ?? "unreadable"),
    );
    worker.once("error", (error: Error & { code?: string }) =>
      settle(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "unzippedTooLarge" : "unreadable"),
    );
    worker.once("exit", () => settle("unreadable"));
  });
}

export async function readSheet(bytes: Buffer, options: { timeMs?: number } = {}): Promise<Sheet> {
  await takeSlot();
  let result: SheetRow[] | Refusal;
  try {
    result = await readOnThread(bytes, options.timeMs ?? READ_TIME_MS);
  } finally {
    freeSlot();
  }
  if (typeof result === "string") throw refusals[result]();
  const [header, ...rows] = result;
  if (!header || rows.length === 0) throw new AppError("VALIDATION", rosterMessages.fileEmpty);
  if (rows.length > SHEET_MAX_ROWS) throw refusals.tooManyRows();
  return { headers: header.cells.map((value) => value.trim()), rows };
}
