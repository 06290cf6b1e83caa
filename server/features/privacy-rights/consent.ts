/**
 * Giving and revoking the wellbeing-data consent: the profile holds the
 * consent in force, consent_events every change (LGPD art. 8 §2: the
 * controller proves consent). Both in one transaction, never half-saved.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { consentEvents, profiles } from "#server/db/schema/index.ts";

export async function recordConsent(db: Db, userId: string, kind: "given" | "revoked", version: string) {
  const write = async (tx: Db) => {
    const [event] = await tx.insert(consentEvents).values({ userId, kind, version }).returning();
    if (!event) throw new Error("consent event not written");
    await tx
      .update(profiles)
      .set(
        kind === "given"
          ? { wellbeingConsentAt: event.at, wellbeingConsentVersion: version, updatedAt: sql`now()` }
          : { wellbeingConsentAt: null, wellbeingConsentVersion: null, updatedAt: sql`now()` },
      )
      .where(eq(profiles.userId, userId));
    return event;
  };
  return db.transaction(async (t) => write(t));
}
