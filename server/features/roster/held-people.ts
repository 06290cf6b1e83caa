/**
 * People an HR key sent past the day's cap (issue 51 item 4, docs/decisions/085):
 * held instead of created, so a key alone cannot fill a company with accounts
 * that count toward k. The manager (or an admin) confirms them on Equipe ›
 * Importar pessoas, which runs the one-row import of the PUT for each, as a
 * person's act, audited; or discards them. Either way all or nothing.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { rosterApiMessages } from "#core/roster-api-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { planLimitMessage } from "#core/team-messages.ts";
import type { Db } from "#server/db/client.ts";
import { companies, type RosterImportRow, rosterApiHeld, rosterApiKeys } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { applyPlan, inviterOf } from "./apply-plan.ts";
import { planImport } from "./plan-import.ts";

const sameAs = (companyId: string, row: Pick<RosterImportRow, "matricula" | "cpfHash">) =>
  and(
    eq(rosterApiHeld.companyId, companyId),
    or(eq(rosterApiHeld.matricula, row.matricula), eq(rosterApiHeld.cpfHash, row.cpfHash)),
  );

/** Holds one checked row; a later call for the same matrícula or CPF replaces what was held. */
export async function holdPerson(
  db: Db,
  { companyId, apiKeyId, row, now }: { companyId: string; apiKeyId: string; row: RosterImportRow; now: Date },
) {
  await db.transaction(async (tx) => {
    await tx.delete(rosterApiHeld).where(sameAs(companyId, row));
    await tx
      .insert(rosterApiHeld)
      .values({ companyId, apiKeyId, matricula: row.matricula, cpfHash: row.cpfHash, row, createdAt: now });
  });
}

/** A person the API wrote after all (the next day, under the cap) waits no longer. */
export async function releaseHeld(db: Db, companyId: string, row: Pick<RosterImportRow, "matricula" | "cpfHash">) {
  await db.delete(rosterApiHeld).where(sameAs(companyId, row));
}

export async function listHeld(db: Db, companyId: string) {
  const rows = await db
    .select({
      id: rosterApiHeld.id,
      row: rosterApiHeld.row,
      createdAt: rosterApiHeld.createdAt,
      keyName: rosterApiKeys.name,
    })
    .from(rosterApiHeld)
    .leftJoin(rosterApiKeys, eq(rosterApiKeys.id, rosterApiHeld.apiKeyId))
    .where(eq(rosterApiHeld.companyId, companyId))
    .orderBy(asc(rosterApiHeld.createdAt), asc(rosterApiHeld.matricula));
  return rows.map(({ id, row, createdAt, keyName }) => ({
    id,
    name: row.name,
    matricula: row.matricula,
    cpfLast2: row.cpfLast2,
    email: row.email,
    jobTitle: row.jobTitle,
    sector: row.sectorPath,
    receivedAt: createdAt.toISOString(),
    keyName,
  }));
}

/** Takes the chosen held rows out; refuses when any of them is no longer held (another tab, another manager). */
async function takeHeld(tx: Db, companyId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const taken = await tx
    .delete(rosterApiHeld)
    .where(and(eq(rosterApiHeld.companyId, companyId), inArray(rosterApiHeld.id, unique)))
    .returning({ row: rosterApiHeld.row });
  if (taken.length !== unique.length) throw new AppError("CONFLICT", rosterApiMessages.heldNotFound);
  return taken.map(({ row }, index) => ({ ...row, line: index + 1 }));
}

/**
 * Creates the chosen held people as the PUT would have (same plan, same
 * checks, same writes), in one transaction: a refusal (a matrícula taken
 * since, the plan's seats) leaves every one of them held.
 */
export async function confirmHeld(
  db: Db,
  { companyId, ids, confirmedBy, now }: { companyId: string; ids: string[]; confirmedBy: string; now: Date },
) {
  // The whole row: the invitations carry the company's activation code.
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
  const inviter = await inviterOf(db, company, confirmedBy);
  return db.transaction(async (tx) => {
    const rows = await takeHeld(tx, company.id, ids);
    const plan = await planImport(tx, company, rows, { cpfHashes: new Set(), matriculas: new Set() }, now);
    const refused = plan.rejections[0];
    if (refused) {
      const who = rows.find((row) => row.line === refused.line);
      throw new AppError("CONFLICT", `${who ? `${who.name} (matrícula ${who.matricula}): ` : ""}${refused.reason}`);
    }
    if (plan.seats.afterChanges > plan.seats.limit && plan.seats.afterChanges > plan.seats.used)
      throw new AppError("CONFLICT", planLimitMessage(plan.seats.limit, plan.seats.label));
    return applyPlan(tx, { company, plan, leavers: [], inviter, now });
  });
}

export async function discardHeld(db: Db, companyId: string, ids: string[]) {
  return db.transaction(async (tx) => (await takeHeld(tx, companyId, ids)).length);
}
