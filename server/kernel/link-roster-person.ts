/**
 * An imported person who accepts their invitation: their roster row gets the
 * account, and their sector from the file becomes their NR-1 sector. Invites,
 * activation, SSO and SCIM each do it inside their own transaction; it sits in
 * the kernel (server/kernel/, importing no feature) so that invites, which
 * roster uses, need not import roster back (docs/decisions/087).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { riskSectorMembers, rosterPeople } from "#server/db/schema/index.ts";

/** `by`: the invitation's e-mail, or the roster row itself when the person activated at /ativar. */
export async function linkRosterPerson(
  tx: Db,
  companyId: string,
  userId: string,
  by: { email: string } | { personId: string },
): Promise<void> {
  const [person] = await tx
    .update(rosterPeople)
    .set({ userId, updatedAt: sql`now()` })
    .where(
      and(
        eq(rosterPeople.companyId, companyId),
        "email" in by ? eq(rosterPeople.email, by.email.toLowerCase()) : eq(rosterPeople.id, by.personId),
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
