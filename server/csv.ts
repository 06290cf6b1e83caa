/**
 * Every CSV the product writes goes through here (docs/decisions/034), so all
 * of them open the same way in a spreadsheet in Brazil and none can carry a
 * formula: UTF-8 with a BOM (Excel reads the accents right), ';' between
 * fields, CRLF line ends, the decimal comma. Edit it when a spreadsheet opens
 * our files wrongly; the exports only choose their rows.
 */
import { stringify } from "csv-stringify/sync";
import { formatNumber } from "#core/format.ts";

/** A number shown with a fixed count of decimals, as the screens show it ('75,0'). */
export type CsvDecimal = { readonly decimal: number; readonly digits: number };

/**
 * Text (names, labels) is neutralised when a spreadsheet would read it as a
 * formula; a number is one we computed and stays a number, negative or not.
 * null is an empty cell.
 */
export type CsvCell = string | number | CsvDecimal | null;

export function decimal(value: number, digits: number): CsvDecimal {
  return { decimal: value, digits };
}

// No thousands separator: '1.234' would read as a decimal in a pt-BR spreadsheet.
const written = (value: number, digits: number, upTo = digits) =>
  formatNumber(value, { digits, upTo, grouping: false });

export function buildCsv(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(rows as CsvCell[][], {
    bom: true,
    delimiter: ";",
    record_delimiter: "windows",
    // With a record delimiter set, the library quotes only cells holding "\r\n": a lone "\n" would split the row.
    quote_record_delimiter: true,
    // OWASP's rule: text starting with =, +, -, @, a tab or a carriage return (and their full-width forms) gets a leading '.
    escape_formulas: true,
    cast: {
      // The library leaves a number's '-' alone; ours are written with the decimals they have (up to six).
      number: (value) => written(value, 0, 6),
      // Not a number to the library, so its '-' is ours to keep: the cell's own options turn the escape off.
      object: (value) => {
        const cell = value as CsvDecimal;
        return { value: written(cell.decimal, cell.digits), escape_formulas: false };
      },
    },
  });
}
