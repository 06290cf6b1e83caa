/**
 * A member's WhatsApp number (docs/decisions/092): the code sent by WhatsApp, its confirmation, and
 * the opt-out that 'PARAR'/'SAIR' or the switch makes. Opting in turns the `whatsapp` preference on;
 * opting out turns it off and marks the number, so nothing queued before is sent after.
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { WHATSAPP_CODE_ATTEMPTS, WHATSAPP_CODE_MINUTES } from "#core/whatsapp.ts";
import { whatsappMessages } from "#core/whatsapp-messages.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, whatsappNumbers } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { type CloudApiConfig, sendCodeTemplate, senderOf } from "./cloud-api.ts";

const hashCode = (userId: string, code: string) => createHash("sha256").update(`${userId}:${code}`).digest("hex");

/** Sets the `whatsapp` preference alone, whatever else the person changed meanwhile. */
const setPreference = (db: Db, userId: string, on: boolean) =>
  db
    .update(profiles)
    .set({
      notificationPreferences: sql`${profiles.notificationPreferences} || jsonb_build_object('whatsapp', ${on}::boolean)`,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.userId, userId));

/** Saves the number as pending with a fresh code, and sends the code; if WhatsApp refuses, nothing stays saved. */
export async function requestCode(
  db: Db,
  deps: { config: CloudApiConfig; key: Buffer; now: Date },
  member: { userId: string; companyId: string },
  phone: string,
): Promise<void> {
  const sender = await senderOf(db, deps.key, member.companyId);
  if (!sender) throw new AppError("CONFLICT", whatsappMessages.notAvailable);
  const [taken] = await db
    .select({ userId: whatsappNumbers.userId })
    .from(whatsappNumbers)
    .where(and(eq(whatsappNumbers.companyId, member.companyId), eq(whatsappNumbers.phone, phone)));
  if (taken && taken.userId !== member.userId) throw new AppError("CONFLICT", whatsappMessages.numberTaken);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const values = {
    companyId: member.companyId,
    phone,
    status: "pending" as const,
    codeHash: hashCode(member.userId, code),
    codeExpiresAt: new Date(deps.now.getTime() + WHATSAPP_CODE_MINUTES * 60_000),
    codeAttempts: 0,
    updatedAt: deps.now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(whatsappNumbers)
      .values({ userId: member.userId, ...values })
      .onConflictDoUpdate({ target: whatsappNumbers.userId, set: values });
    // A new number is not confirmed: no reminder goes to it until the code comes back.
    await setPreference(tx, member.userId, false);
    try {
      await sendCodeTemplate(deps.config, sender, phone, code);
    } catch {
      throw new AppError("SERVICE_UNAVAILABLE", whatsappMessages.sendFailed);
    }
  });
}

/** The code typed back: confirms the number and turns WhatsApp reminders on. */
export async function confirmCode(db: Db, now: Date, userId: string, code: string): Promise<void> {
  const [row] = await db.select().from(whatsappNumbers).where(eq(whatsappNumbers.userId, userId));
  if (row?.status !== "pending" || !row.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= now) {
    throw new AppError("BAD_REQUEST", whatsappMessages.codeExpired);
  }
  if (row.codeAttempts >= WHATSAPP_CODE_ATTEMPTS) throw new AppError("TOO_MANY_REQUESTS", whatsappMessages.codeExpired);
  const given = Buffer.from(hashCode(userId, code));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
    await db
      .update(whatsappNumbers)
      .set({ codeAttempts: sql`${whatsappNumbers.codeAttempts} + 1` })
      .where(eq(whatsappNumbers.userId, userId));
    throw new AppError("BAD_REQUEST", whatsappMessages.codeInvalid);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(whatsappNumbers)
      .set({
        status: "confirmed",
        codeHash: null,
        codeExpiresAt: null,
        confirmedAt: now,
        optedOutAt: null,
        updatedAt: now,
      })
      .where(eq(whatsappNumbers.userId, userId));
    await setPreference(tx, userId, true);
  });
}

/** 'PARAR', 'SAIR' or the switch: at once, and for every send still queued. */
export async function optOut(db: Db, now: Date, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(whatsappNumbers)
      .set({ status: "opted_out", optedOutAt: now, codeHash: null, codeExpiresAt: null, updatedAt: now })
      .where(eq(whatsappNumbers.userId, userId));
    await setPreference(tx, userId, false);
  });
}

/** The member's number if confirmed and still chosen: the only one a reminder goes to. */
export async function confirmedNumberOf(db: Db, userId: string): Promise<{ phone: string; companyId: string } | null> {
  const [row] = await db
    .select({ phone: whatsappNumbers.phone, companyId: whatsappNumbers.companyId })
    .from(whatsappNumbers)
    .innerJoin(profiles, eq(profiles.userId, whatsappNumbers.userId))
    .where(
      and(
        eq(whatsappNumbers.userId, userId),
        eq(whatsappNumbers.status, "confirmed"),
        sql`coalesce((${profiles.notificationPreferences}->>'whatsapp')::boolean, false)`,
        sql`${profiles.companyId} = ${whatsappNumbers.companyId}`,
      ),
    );
  return row ?? null;
}
