/** Making and finding recovery codes (docs/decisions/055): the code is shown once, only its hash is kept. */
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { formatRecoveryCode, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH } from "#core/recovery-code.ts";
import type { NewRecoveryCode } from "#core/schemas/passkeys.ts";
import type { Db } from "#server/db/client.ts";
import { recoveryCodes } from "#server/db/schema/index.ts";

/** The SHA-256 of a code's 20 characters (as normalizeRecoveryCode gives them). */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/** A new code for the person, replacing the one they had (which stops working at once). */
export async function issueRecoveryCode(db: Db, userId: string, now: Date): Promise<NewRecoveryCode> {
  // 32 divides 256, so each byte's low 5 bits are uniform: 20 characters are 100 random bits.
  const code = [...randomBytes(RECOVERY_CODE_LENGTH)].map((byte) => RECOVERY_CODE_ALPHABET[byte & 31]).join("");
  const values = { userId, codeHash: hashRecoveryCode(code), createdAt: now };
  await db
    .insert(recoveryCodes)
    .values(values)
    .onConflictDoUpdate({ target: recoveryCodes.userId, set: { codeHash: values.codeHash, createdAt: now } });
  return { code: formatRecoveryCode(code), createdAt: now.toISOString() };
}

/** Takes the person's code out (used once); false when that code is no longer theirs (used or replaced). */
export async function takeRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const taken = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)))
    .returning({ userId: recoveryCodes.userId });
  return taken.length > 0;
}
