/**
 * Spreadsheets built to explode (issue 45), made in the test as zips written
 * by hand: rows or one cell that inflate to far more than the file's size,
 * and a zip whose central directory lies about what its parts open to.
 */
import { PassThrough } from "node:stream";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

type Part = { name: string; deflated: Buffer; size: number; crc: number };

const sheetParts = (sharedStrings: boolean): { name: string; text: string }[] => [
  {
    name: "[Content_Types].xml",
    text: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ""}</Types>`,
  },
  {
    name: "_rels/.rels",
    text: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  },
  {
    name: "xl/workbook.xml",
    text: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Pessoas" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: "xl/_rels/workbook.xml.rels",
    text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>${sharedStrings ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' : ""}</Relationships>`,
  },
];

const small = (name: string, text: string): Part => {
  const bytes = Buffer.from(text, "utf8");
  return { name, deflated: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
};

/** A part of `head`, then `repeat` repeated `times` times, then `tail`, deflated a megabyte at a time. */
async function repeated(name: string, head: string, repeat: (n: number) => string, times: number, tail: string) {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  const sink = new PassThrough();
  deflate.pipe(sink);
  sink.on("data", (chunk: Buffer) => out.push(chunk));
  let size = 0;
  let crc = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text, "utf8");
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once("drain", resolve));
  };
  await write(head);
  let batch = "";
  for (let n = 1; n <= times; n++) {
    batch += repeat(n);
    if (batch.length > 1_000_000) {
      await write(batch);
      batch = "";
    }
  }
  await write(batch + tail);
  await new Promise((resolve) => {
    sink.once("end", resolve);
    deflate.end();
  });
  return { name, deflated: Buffer.concat(out), size, crc };
}

/** A zip of the parts; `declare` may make the central directory state another uncompressed size. */
function zipOf(parts: Part[], declare: (part: Part) => number = (part) => part.size): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.deflated.length, 18);
    local.writeUInt32LE(declare(part), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.deflated.length, 20);
    central.writeUInt32LE(declare(part), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + part.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = "</sheetData></worksheet>";
const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>nome</t></is></c></row>';

/** `rows` people of one short cell each: a few MB that open to far more (issue 45: 9.2 MB, 800,000 rows). */
export async function manyRowsBomb(rows: number): Promise<Buffer> {
  const sheet = await repeated(
    "xl/worksheets/sheet1.xml",
    SHEET_HEAD + header,
    (n) => `<row r="${n + 1}"><c r="A${n + 1}" t="inlineStr"><is><t>Pessoa ${n}</t></is></c></row>`,
    rows,
    SHEET_TAIL,
  );
  return zipOf([...sheetParts(false).map((part) => small(part.name, part.text)), sheet]);
}

/**
 * One shared string of `bytes` letters, the cell of the second row (issue 45: 0.3 MB holding 300 MB);
 * `lying`: the central directory says every part opens to 1 KB.
 */
export async function hugeCellBomb(bytes: number, { lying = false } = {}): Promise<Buffer> {
  const strings = await repeated(
    "xl/sharedStrings.xml",
    '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>',
    () => "a".repeat(1024),
    Math.ceil(bytes / 1024),
    "</t></si></sst>",
  );
  const sheet = small(
    "xl/worksheets/sheet1.xml",
    `${SHEET_HEAD}${header}<row r="2"><c r="A2" t="s"><v>0</v></c></row>${SHEET_TAIL}`,
  );
  return zipOf(
    [...sheetParts(true).map((part) => small(part.name, part.text)), sheet, strings],
    lying ? () => 1024 : undefined,
  );
}
