/**
 * An imported person who accepts their invitation: their roster row gets the
 * account, and their sector from the file becomes their NR-1 sector.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { riskSectorMembers, rosterPeople } from "#server/db/schema/index.ts";

export async function linkRosterPerson(tx: Db, companyId: string, userId: string, email: string): Promise<void> {
  const [person] = await tx
    .update(rosterPeople)
    .set({ userId, updatedAt: sql`now()` })
    .where(
      and(
        eq(rosterPeople.companyId, companyId),
        eq(rosterPeople.email, email.toLowerCase()),
        isNull(rosterPeople.leftAt),
        isNull(rosterPeople.userId),
      ),
    )
    .returning({ sectorId: rosterPeople.sectorId });
  if (!person?.sectorId) return;
  await tx
    .insert(riskSectorMembers)
    .values({ userId, companyId, sectorId: person.sectorId })
    .onConflictDoUpdate({ target: riskSectorMembers.userId, set: { sectorId: person.sectorId, companyId } });
}
