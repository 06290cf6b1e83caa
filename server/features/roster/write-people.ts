/**
 * The one place the import writes people, in batches: one multi-row INSERT
 * per batch (a CPF that left and comes back is the same row, made active
 * again). Keep every bulk write of roster rows here, so a faster bulk-add
 * (issue 33's `scale` work on the membership trigger) replaces one function.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rosterPeople } from "#server/db/schema/index.ts";

export const PEOPLE_BATCH = 250;

export type NewRosterPerson = typeof rosterPeople.$inferInsert;

export async function insertRosterPeople(tx: Db, people: NewRosterPerson[]): Promise<void> {
  if (people.length === 0) return;
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await tx
    .insert(rosterPeople)
    .values(people)
    .onConflictDoUpdate({
      target: [rosterPeople.companyId, rosterPeople.cpfHash],
      set: {
        matricula: excluded("matricula"),
        name: excluded("name"),
        email: excluded("email"),
        personalEmail: excluded("personal_email"),
        establishmentCnpj: excluded("establishment_cnpj"),
        sectorPath: excluded("sector_path"),
        establishmentId: excluded("establishment_id"),
        sectorId: excluded("sector_id"),
        managerRef: excluded("manager_ref"),
        jobTitle: excluded("job_title"),
        admittedOn: excluded("admitted_on"),
        userId: excluded("user_id"),
        leftAt: sql`null`,
        dataLinkHash: sql`null`,
        dataLinkExpiresAt: sql`null`,
        updatedAt: sql`now()`,
      },
    });
}
