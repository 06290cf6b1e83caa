/**
 * "Contains, ignoring case and accents" without the unaccent extension (PGlite has none): the column
 * goes through lower() and translate() of the Portuguese accented letters, the search text through the
 * same folding in JS (docs/decisions/054). A sequential scan of one company's people or of every
 * company's name: fine at 50,000 rows, and no index to keep in step.
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

const ACCENTED = "áàâãäéèêëíìîïóòôõöúùûüçñ";
const PLAIN = "aaaaaeeeeiiiiooooouuuucn";

/** 'Clínica  São JOSÉ' → 'clinica  sao jose'. */
function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** `column` contains `text`, ignoring case and accents; the user's % and _ taken literally. */
export function foldedContains(column: AnyColumn | SQL, text: string): SQL {
  const pattern = `%${foldText(text).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN}) like ${pattern}`;
}

/** `column` equals `text` ignoring case, accents and the spaces around it: 'Café  Ltda' is 'cafe  ltda'. */
export function foldedEquals(column: AnyColumn | SQL, text: string): SQL {
  return sql`translate(lower(btrim(${column})), ${ACCENTED}, ${PLAIN}) = ${foldText(text.trim())}`;
}
