/**
 * Recovery codes (docs/decisions/055): 20 characters of Crockford's base32
 * (100 random bits), shown in five groups of four. Only the person ever sees
 * one; the server keeps its hash. Typing is forgiving: case, spaces and
 * hyphens do not matter, and the letters people confuse with digits (O, I, L)
 * are read as the digits.
 */

/** Crockford's base32: no I, L, O or U, so nothing reads as something else. */
export const RECOVERY_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const RECOVERY_CODE_LENGTH = 20;

/** 'ABCD-EFGH-…' from the 20 characters. */
export function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The 20 characters a typed code stands for, or null when it cannot be a code. */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== RECOVERY_CODE_LENGTH) return null;
  return [...code].every((char) => RECOVERY_CODE_ALPHABET.includes(char)) ? code : null;
}
