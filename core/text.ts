/**
 * Plain text: what every text field accepts (docs/decisions/018). Control
 * characters (NUL and friends) are refused everywhere; line breaks and tabs
 * only in multi-line fields such as check-in notes. PostgreSQL cannot store a
 * NUL, so refusing them here is what keeps bad input a 400 and not a 500.
 */
import { z } from "zod";
import { messages } from "./messages.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const ANY_CONTROL = /[\u0000-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function hasControlCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_EXCEPT_LINE_BREAKS : ANY_CONTROL).test(text);
}

/** A one-line text field: `plainText(message)` then trim/min/max as usual. */
export function plainText(error: string = messages.invalidInput) {
  return z
    .string({ error })
    .refine((text) => !hasControlCharacters(text), { message: messages.textControlCharacters, abort: true });
}

/** A multi-line text field (tabs and line breaks allowed). */
export function plainMultilineText(controlMessage: string = messages.textControlCharacters) {
  return z.string().refine((text) => !hasControlCharacters(text, { multiline: true }), {
    message: controlMessage,
    abort: true,
  });
}

/** True when any string anywhere in a parsed JSON value has a control character (for bodies we forward untouched). */
export function containsControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasControlCharacters(value);
  if (depth > 20 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(
    ([key, item]) => hasControlCharacters(key) || containsControlCharacters(item, depth + 1),
  );
}

/**
 * A sentence that ends with a name ends with one full stop: 'na Acme S.A.' stays as it is, 'na Acme' gets
 * its '.', so a company named with an abbreviation never reads 'S.A..' (issue 45).
 */
export function withFullStop(sentence: string): string {
  const text = sentence.trimEnd();
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}
